package sqlite

import "encoding/binary"

// readWAL applies the frames of a write-ahead log up to its last commit:
// a frame belongs to the log when its salts are the header's and the
// running checksum matches; the first frame that fails ends the log (it
// is left over from an earlier generation or torn), and frames after the
// last commit frame are an uncommitted transaction, not read.
func (db *DB) readWAL(w []byte) error {
	if len(w) < 32 {
		return nil // a log shorter than its header has no frames: SQLite ignores it
	}
	be := binary.BigEndian
	m := be.Uint32(w[0:])
	if m != 0x377f0682 && m != 0x377f0683 {
		return malformed("WAL magic %#x", m)
	}
	var order binary.ByteOrder = binary.LittleEndian
	if m == 0x377f0683 {
		order = binary.BigEndian
	}
	ps := int(be.Uint32(w[8:]))
	if ps != db.pageSize {
		// SQLite drops a log whose page size is not the database's
		// only when the log is also invalid; a valid one never differs.
		return malformed("WAL page size %d, database %d", ps, db.pageSize)
	}
	s1, s2 := walChecksum(order, w[:24], 0, 0)
	if s1 != be.Uint32(w[24:]) || s2 != be.Uint32(w[28:]) {
		return nil // a log with a bad header is not in use: SQLite ignores it
	}
	salt1, salt2 := be.Uint32(w[16:]), be.Uint32(w[20:])
	pending := map[int][]byte{}
	for off := 32; off+24+ps <= len(w); off += 24 + ps {
		h, data := w[off:off+24], w[off+24:off+24+ps]
		if be.Uint32(h[8:]) != salt1 || be.Uint32(h[12:]) != salt2 {
			break
		}
		s1, s2 = walChecksum(order, h[:8], s1, s2)
		s1, s2 = walChecksum(order, data, s1, s2)
		if s1 != be.Uint32(h[16:]) || s2 != be.Uint32(h[20:]) {
			break
		}
		pg := int(be.Uint32(h[0:]))
		if pg < 1 {
			break
		}
		pending[pg] = data
		if size := int(be.Uint32(h[4:])); size != 0 { // a commit frame
			if db.wal == nil {
				db.wal = map[int][]byte{}
			}
			for k, v := range pending {
				db.wal[k] = v
			}
			clear(pending)
			db.pages = size
		}
	}
	return nil
}

// walChecksum is the WAL's running checksum over b (a multiple of 8
// bytes), its words read in the order the magic names.
func walChecksum(order binary.ByteOrder, b []byte, s1, s2 uint32) (uint32, uint32) {
	for i := 0; i+8 <= len(b); i += 8 {
		s1 += order.Uint32(b[i:]) + s2
		s2 += order.Uint32(b[i+4:]) + s1
	}
	return s1, s2
}
