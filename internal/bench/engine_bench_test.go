package bench

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// BenchmarkEngineStream: one op is one streamed request of 32 deltas that
// Execute runs through the real client against the in-process mock (1 ms
// to the first delta, then one every 100 µs), at concurrency 1, 16 and
// 256, through bench's client (h1stream, Options.StreamClient) and
// through net/http's transport. allocs/op and B/op are per stream, the mock's included (its own
// share is BenchmarkStreamEvent in internal/mock); they are meaningful on
// a loaded machine, ns/op is not.
//
//	go test ./internal/bench -run '^$' -bench EngineStream -benchmem
func BenchmarkEngineStream(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const key = "sk-test-0123456789abcdef"
	srv, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Key: key, Prefix: "/api", TTFT: time.Millisecond, TPOT: 100 * time.Microsecond, Tokens: 32})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	for _, client := range []string{"h1stream", "net-http"} {
		for _, c := range []int{1, 16, 256} {
			b.Run(fmt.Sprintf("%s/c=%d", client, c), func(b *testing.B) {
				engineStream(ctx, b, srv, key, client == "h1stream", c)
			})
		}
	}
}

func engineStream(ctx context.Context, b *testing.B, srv *mock.Server, key string, own bool, c int) {
	d, err := probe.NewClient(probe.Options{MaxConnsPerHost: c, Timeout: time.Minute, StreamClient: own})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	req := probe.Request{Protocol: gateway.Chat, Root: srv.Root(), Key: key, Auth: gateway.AuthBearer, Model: "gpt-4o",
		Stream: true, MaxTokens: 64, Prompt: DefaultPrompt}
	Execute(ctx, d, Plan{Request: req, Concurrency: c, Requests: c, Warmup: 0, MaxErrors: 1}) // open the connections
	b.ReportAllocs()
	b.ResetTimer()
	l, _ := Execute(ctx, d, Plan{Request: req, Concurrency: c, Requests: b.N, Warmup: 0, MaxErrors: 1, Key: key})
	b.StopTimer()
	if l.OK != b.N || l.OutputTokens != 32*b.N {
		b.Fatalf("%d of %d ok, %d tokens: %v", l.OK, b.N, l.OutputTokens, l.Errors)
	}
}
