package sqlite

import (
	"encoding/binary"
	"math"
)

// record decodes a record (fileformat2 §2.1): a header of serial types,
// then the values. Integers are int64, floats float64, TEXT string, BLOB
// []byte, NULL nil.
func record(b []byte) ([]any, error) {
	hsize, n := varint(b)
	if n == 0 || hsize < int64(n) || hsize > int64(len(b)) {
		return nil, malformed("record header of %d bytes", hsize)
	}
	hdr, body := b[n:hsize], b[hsize:]
	var out []any
	for len(hdr) > 0 {
		t, n := varint(hdr)
		if n == 0 {
			return nil, malformed("cut serial type")
		}
		hdr = hdr[n:]
		size := 0
		switch {
		case t >= 1 && t <= 4:
			size = int(t)
		case t == 5:
			size = 6
		case t == 6 || t == 7:
			size = 8
		case t == 10 || t == 11 || t < 0:
			return nil, malformed("serial type %d", t)
		case t >= 12:
			if t > int64(len(body))*2+13 {
				return nil, malformed("value of serial type %d runs past the record", t)
			}
			size = int((t - 12) / 2)
		}
		if size > len(body) {
			return nil, malformed("value runs past the record")
		}
		v := body[:size]
		body = body[size:]
		switch {
		case t == 0:
			out = append(out, nil)
		case t == 8, t == 9:
			out = append(out, t-8)
		case t <= 6:
			out = append(out, signed(v))
		case t == 7:
			out = append(out, math.Float64frombits(binary.BigEndian.Uint64(v)))
		case t%2 == 0:
			out = append(out, append([]byte{}, v...))
		default:
			out = append(out, string(v))
		}
	}
	return out, nil
}

// signed reads a big-endian two's-complement integer of 1–8 bytes.
func signed(b []byte) int64 {
	var u int64
	if b[0]&0x80 != 0 {
		u = -1
	}
	for _, c := range b {
		u = u<<8 | int64(c)
	}
	return u
}
