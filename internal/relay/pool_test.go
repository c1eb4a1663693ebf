package relay

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/h1stream"
)

// TestNoRedialsAt256 sends two rounds of 256 requests that are all in
// flight at once (the upstream answers only when every one of a round has
// arrived) and counts the relay's dials toward the upstream: the second
// round must reuse the first round's connections. A pool that keeps fewer
// idle connections than streams redials the rest, and each redial adds a
// connection's time to that request's TTFT.
func TestNoRedialsAt256(t *testing.T) {
	t.Run("net-http", func(t *testing.T) { testNoRedials(t, false) })
	t.Run("h1stream", func(t *testing.T) {
		if !h1stream.Supported {
			t.Skip("h1stream is not used on this OS")
		}
		testNoRedials(t, true)
	})
}

func testNoRedials(t *testing.T, stream bool) {
	const n = 256
	var (
		mu      sync.Mutex
		arrived int
		release = make(chan struct{})
	)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		mu.Lock()
		arrived++
		if arrived == n {
			close(release)
		}
		ch := release
		mu.Unlock()
		select {
		case <-ch:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: [DONE]\n\n")
	}))
	defer up.Close()

	tr := DefaultTransport(time.Minute)
	var dials atomic.Int64
	dial := tr.DialContext
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials.Add(1)
		return dial(ctx, network, addr)
	}
	var rt http.RoundTripper = tr
	if stream {
		rt = StreamTransport(tr) // the relay's default, dialling through tr's counting dialer
	}
	u, _ := url.Parse(up.URL)
	rl, err := Start(context.Background(), "127.0.0.1:0", Options{Upstream: u, Transport: rt, OnRecord: func(Record) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer rl.Close()
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * n, MaxConnsPerHost: 2 * n}, Timeout: time.Minute}
	defer c.CloseIdleConnections()
	round := func() {
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := c.Post(rl.Root+"/v1/chat/completions", "application/json", strings.NewReader(`{"model":"m","stream":true}`))
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}()
		}
		wg.Wait()
	}
	round()
	warm := dials.Load()
	if warm != n {
		t.Fatalf("the first round dialled %d connections, want %d (all in flight at once)", warm, n)
	}
	mu.Lock()
	arrived, release = 0, make(chan struct{})
	mu.Unlock()
	round()
	if again := dials.Load() - warm; again != 0 {
		t.Errorf("the second round of %d dialled %d new upstream connections: the idle pool keeps fewer than %d", n, again, n)
	}
}
