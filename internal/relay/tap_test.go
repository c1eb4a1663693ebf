package relay

import (
	"errors"
	"io"
	"testing"
	"time"
)

func TestTapArrivalTimes(t *testing.T) {
	tp := newTap()
	tp.push([]byte("ab"), 1*time.Millisecond)
	tp.push([]byte("cd"), 5*time.Millisecond)
	tp.close(nil)
	buf := make([]byte, 1)
	var got []time.Duration
	for {
		n, err := tp.Read(buf)
		if err == io.EOF {
			break
		}
		if err != nil || n != 1 {
			t.Fatalf("Read = %d, %v", n, err)
		}
		got = append(got, tp.Arrived())
	}
	want := []time.Duration{time.Millisecond, time.Millisecond, 5 * time.Millisecond, 5 * time.Millisecond}
	if len(got) != len(want) {
		t.Fatalf("arrivals %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("byte %d arrived %v, want %v", i, got[i], want[i])
		}
	}
}

// TestTapNeverBlocksTheStream: an observer that stops reading costs its
// figures, never the client's bytes.
func TestTapNeverBlocksTheStream(t *testing.T) {
	tp := newTap()
	chunk := make([]byte, 1<<20)
	for i := 0; i < maxPending/len(chunk)+2; i++ {
		tp.push(chunk, 0) // must return although nobody reads
	}
	_, err := io.ReadAll(tp)
	if !errors.Is(err, errObserverLagged) {
		t.Errorf("err = %v, want errObserverLagged", err)
	}
}

func TestTapCutStream(t *testing.T) {
	tp := newTap()
	tp.push([]byte("data: x\n"), time.Millisecond)
	tp.close(io.ErrUnexpectedEOF)
	b, err := io.ReadAll(tp)
	if string(b) != "data: x\n" || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("got %q, %v", b, err)
	}
}
