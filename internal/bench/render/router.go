package render

import (
	"fmt"
	"io"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// Router prints the router hop of a run through a local router against
// its upstream: its added TTFT and whether it buffers, in words.
func Router(w io.Writer, h *bench.RouterHop) {
	if h == nil {
		return
	}
	fmt.Fprintf(w, "\nrouter %s in front of %s:\n", h.Router, h.Upstream)
	added := fmt.Sprintf("%+.2f ms p50, %+.2f ms p90", h.AddedTTFTP50, h.AddedTTFTP90)
	if h.AddedVerdict != "" {
		added += " (" + h.AddedVerdict + ")"
	}
	fmt.Fprintf(w, "  added TTFT  %s\n", added)
	verdict := map[string]string{bench.HopBuffers: "buffers the stream", bench.HopStreams: "streams", bench.HopUnknown: "cannot tell"}[h.Buffering]
	fmt.Fprintf(w, "  buffering   %s: %s\n", verdict, h.Why)
}
