package redact

import (
	"strings"
	"testing"
)

type scrubInner struct {
	Note string
	Body []byte
}

type scrubRecord struct {
	URL     string
	Headers map[string]string
	Lines   []string
	Inner   *scrubInner
	Any     any
	Arr     [2]string
	Count   int
	hidden  string
	Self    *scrubRecord
}

func TestScrubReachesEveryString(t *testing.T) {
	const key = "sk-test-scrub-0123456789abcdef"
	r := &scrubRecord{
		URL:     "http://u:" + key + "@127.0.0.1/x?key=" + key,
		Headers: map[string]string{"authorization": "Bearer " + key, "x-other": "plain"},
		Lines:   []string{"a " + key, "b"},
		Inner:   &scrubInner{Note: key, Body: []byte(`{"error":"bad key ` + key + `"}`)},
		Any:     scrubInner{Note: "in an interface " + key},
		Arr:     [2]string{key, ""},
		Count:   3,
		hidden:  key, // unexported: not a field a record stores
	}
	r.Self = r // a cycle ends
	Scrub(r, key)
	all := r.URL + strings.Join(r.Lines, "") + r.Inner.Note + string(r.Inner.Body) + r.Any.(scrubInner).Note + r.Arr[0]
	for _, v := range r.Headers {
		all += v
	}
	if strings.Contains(all, key) {
		t.Fatalf("the key survived Scrub: %q", all)
	}
	if !strings.Contains(r.Headers["authorization"], Mask(key)) || r.Headers["x-other"] != "plain" || r.Lines[1] != "b" || r.Count != 3 {
		t.Fatalf("Scrub changed what it should have kept or masked wrongly: %+v", r)
	}
	if r.hidden != key {
		t.Fatal("an unexported field was touched")
	}
	Scrub(nil, key) // no pointer: nothing
	Scrub(*r, key)  // not a pointer: nothing, no panic
	Scrub((*scrubRecord)(nil), key)
}
