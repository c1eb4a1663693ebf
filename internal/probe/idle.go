package probe

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// idleReader cancels the request when no bytes arrive for d: a stream that
// stalls midway is reported as timeout-stream long before the whole-request
// deadline.
type idleReader struct {
	r     io.Reader
	d     time.Duration
	timer *time.Timer
	fire  atomic.Bool
}

func newIdleReader(r io.Reader, d time.Duration, cancel func()) *idleReader {
	ir := &idleReader{r: r, d: d}
	ir.timer = time.AfterFunc(d, func() { ir.fire.Store(true); cancel() })
	return ir
}

func (ir *idleReader) Read(p []byte) (int, error) {
	n, err := ir.r.Read(p)
	if n > 0 {
		ir.timer.Reset(ir.d)
	}
	return n, err
}

func (ir *idleReader) stop()       { ir.timer.Stop() }
func (ir *idleReader) fired() bool { return ir.fire.Load() }

// errorf builds Result.Err values: short and lower case.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
