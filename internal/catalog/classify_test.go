package catalog

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		h    http.Header
		want time.Duration
	}{
		{http.Header{"Retry-After": {"2"}}, 2 * time.Second},
		{http.Header{"Retry-After": {"0.5"}}, 500 * time.Millisecond},
		{http.Header{"Retry-After": {now.Add(time.Minute).Format(http.TimeFormat)}}, time.Minute},
		{http.Header{"Retry-After": {now.Add(-time.Minute).Format(http.TimeFormat)}}, 0},
		{http.Header{"Retry-After-Ms": {"1500"}, "Retry-After": {"9"}}, 1500 * time.Millisecond},
		{http.Header{"Retry-After": {"soon"}}, 0},
		{http.Header{}, 0},
	} {
		if got := RetryAfter(tt.h, now); got != tt.want {
			t.Errorf("RetryAfter(%v) = %v, want %v", tt.h, got, tt.want)
		}
	}
}

// BenchmarkClassify: the classifier runs once per failed request (bench
// classifies every failure of a thousand-stream run).
func BenchmarkClassify(b *testing.B) {
	h := http.Header{"Content-Type": {"application/json"}, "X-Ratelimit-Remaining-Requests": {"0"}, "X-Ratelimit-Reset-Requests": {"20s"}}
	bodies := [][]byte{
		[]byte(`{"error":{"message":"该令牌额度已用尽 (request id: 2026113012000012345678)","type":"one_api_error"}}`),
		[]byte(`{"error":{"message":"Rate limit reached for gpt-4o. Please try again in 20s.","type":"requests","param":null,"code":"rate_limit_exceeded"}}`),
		[]byte("<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"),
	}
	statuses := []int{401, 429, 502}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Classify(Answer{Status: statuses[i%3], Header: h, Body: bodies[i%3], Model: "gpt-4o"})
	}
}

// BenchmarkExplain: explain matches a pasted message against every
// entry's symptoms.
func BenchmarkExplain(b *testing.B) {
	for b.Loop() {
		Explain("stream disconnected before completion: stream closed before response.completed")
	}
}
