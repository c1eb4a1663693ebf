package session

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// The client of a level sizes its pool to the level and reads its
// streams through the event loop from loopStreams on.
func TestProbeDoerPerLevel(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	o := &Options{Env: e}
	for _, c := range []int{0, 1, loopStreams - 1, loopStreams, 256} {
		d, err := probeDoer(o)(c)
		if err != nil {
			t.Fatal(err)
		}
		pc := d.(*probe.Client)
		opts := pc.Options()
		pc.Close()
		if opts.MaxConnsPerHost != max(c, 1) || !opts.StreamClient || opts.EventLoop != (c >= loopStreams) {
			t.Errorf("c=%d: pool %d, stream client %v, event loop %v", c, opts.MaxConnsPerHost, opts.StreamClient, opts.EventLoop)
		}
	}
}
