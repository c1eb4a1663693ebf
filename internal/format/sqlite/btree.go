package sqlite

import (
	"encoding/binary"
	"fmt"
)

// Page types of a table b-tree (fileformat2 §1.6).
const (
	tableInterior = 0x05
	tableLeaf     = 0x0d
)

// walkTable calls fn with each row's payload of the table b-tree rooted
// at page root, in rowid order. visited guards against a page that is
// reached twice (a cycle or a corrupt shared child), and a budget of the
// bytes read so far bounds the work: a sound table's payloads are each
// stored once, so together they are smaller than the database, while
// corrupt cells could all point at one long overflow chain.
func (db *DB) walkTable(root int, fn func(payload []byte) error) error {
	visited := map[int]bool{}
	budget := db.size
	var walk func(n int) error
	walk = func(n int) error {
		if visited[n] {
			return malformed("page %d is reached twice", n)
		}
		visited[n] = true
		p, err := db.page(n)
		if err != nil {
			return err
		}
		hdr := 0
		if n == 1 {
			hdr = 100 // the first page starts with the file header
		}
		if hdr+8 > db.usable {
			return malformed("page %d is too short", n)
		}
		p = p[:db.usable]
		kind := p[hdr]
		cells := int(binary.BigEndian.Uint16(p[hdr+3:]))
		ptrs := hdr + 8
		if kind == tableInterior {
			ptrs = hdr + 12
		} else if kind != tableLeaf {
			return malformed("page %d has type %#x, not a table b-tree page", n, kind)
		}
		if ptrs+2*cells > len(p) {
			return malformed("page %d: %d cells do not fit", n, cells)
		}
		for i := 0; i < cells; i++ {
			at := int(binary.BigEndian.Uint16(p[ptrs+2*i:]))
			if at < ptrs || at >= len(p) {
				return malformed("page %d: cell %d at %d", n, i, at)
			}
			c := p[at:]
			if kind == tableInterior {
				if len(c) < 4 {
					return malformed("page %d: cell %d is cut", n, i)
				}
				if err := walk(int(binary.BigEndian.Uint32(c))); err != nil {
					return err
				}
				continue
			}
			payload, err := db.leafPayload(c)
			if err != nil {
				return fmt.Errorf("page %d cell %d: %w", n, i, err)
			}
			if budget -= int64(len(payload)) + 1; budget < 0 {
				return malformed("its cells hold more than the database's size")
			}
			if err := fn(payload); err != nil {
				return err
			}
		}
		if kind == tableInterior {
			return walk(int(binary.BigEndian.Uint32(p[hdr+8:])))
		}
		return nil
	}
	return walk(root)
}

// leafPayload reads a table leaf cell: payload size, rowid, the local
// part of the payload and, when it does not fit, its overflow chain.
func (db *DB) leafPayload(c []byte) ([]byte, error) {
	size, n := varint(c)
	if n == 0 {
		return nil, malformed("cut payload size")
	}
	c = c[n:]
	if _, n = varint(c); n == 0 {
		return nil, malformed("cut rowid")
	}
	c = c[n:]
	if size < 0 || size > db.size {
		return nil, malformed("payload of %d bytes", size)
	}
	p := int(size)
	u := db.usable
	local := p
	if x := u - 35; p > x {
		m := (u-12)*32/255 - 23
		local = m + (p-m)%(u-4)
		if local > x {
			local = m
		}
	}
	if local > len(c) || (local < p && local+4 > len(c)) {
		return nil, malformed("payload runs past its page")
	}
	out := make([]byte, 0, p)
	out = append(out, c[:local]...)
	if local == p {
		return out, nil
	}
	next := int(binary.BigEndian.Uint32(c[local:]))
	seen := map[int]bool{}
	for len(out) < p {
		if next == 0 || seen[next] {
			return nil, malformed("overflow chain ends early or loops at page %d", next)
		}
		seen[next] = true
		op, err := db.page(next)
		if err != nil {
			return nil, err
		}
		take := min(p-len(out), u-4)
		out = append(out, op[4:4+take]...)
		next = int(binary.BigEndian.Uint32(op))
	}
	return out, nil
}

// varint decodes SQLite's big-endian varint (1–9 bytes, the ninth
// contributing all 8 bits); n is 0 when b is cut short.
func varint(b []byte) (v int64, n int) {
	var u uint64
	for i := 0; i < 9; i++ {
		if i >= len(b) {
			return 0, 0
		}
		if i == 8 {
			return int64(u<<8 | uint64(b[i])), 9
		}
		u = u<<7 | uint64(b[i]&0x7f)
		if b[i] < 0x80 {
			return int64(u), i + 1
		}
	}
	return 0, 0
}
