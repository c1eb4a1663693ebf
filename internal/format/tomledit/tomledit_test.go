package tomledit

import (
	"strings"
	"testing"
)

// TestSetRemove: a value changes in place, a new key goes after the last
// of its table (or under its header, or at the top of the root), a new
// table at the end; every other byte (comments, CRLF, a BOM) is kept.
func TestSetRemove(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		edit      func(d *Doc) error
		want      string
	}{
		{"change in place, comment kept", "model = \"a\" # mine\n", func(d *Doc) error { return d.Set(nil, "model", `"b"`) },
			"model = \"b\" # mine\n"},
		{"same value: nothing", "model = \"a\"\n", func(d *Doc) error { return d.Set(nil, "model", `"a"`) },
			"model = \"a\"\n"},
		{"root key before the first header", "[t]\nx = 1\n", func(d *Doc) error { return d.Set(nil, "model", `"m"`) },
			"model = \"m\"\n[t]\nx = 1\n"},
		{"after the table's last key", "[t]\nx = 1\n\n[u]\n", func(d *Doc) error { return d.Set([]string{"t"}, "y", "2") },
			"[t]\nx = 1\ny = 2\n\n[u]\n"},
		{"under an empty table's header", "[t]\n[u]\n", func(d *Doc) error { return d.Set([]string{"t"}, "y", "2") },
			"[t]\ny = 2\n[u]\n"},
		{"new table at the end, CRLF kept", "a = 1\r\n", func(d *Doc) error { return d.Set([]string{"p", "q"}, "k", `"v"`) },
			"a = 1\r\n\r\n[p.q]\r\nk = \"v\"\r\n"},
		{"no final newline", "a = 1", func(d *Doc) error { return d.Set(nil, "b", "2") },
			"a = 1\nb = 2"},
		{"after a BOM", "\ufeff[t]\n", func(d *Doc) error { return d.Set(nil, "a", "1") },
			"\ufeffa = 1\n[t]\n"},
		{"a multi-line value kept whole", "s = \"\"\"\nx = 1\n\"\"\"\n", func(d *Doc) error { return d.Set(nil, "x", "2") },
			"s = \"\"\"\nx = 1\n\"\"\"\nx = 2\n"},
		{"remove, line and all", "a = 1\nb = 2 # b\nc = 3\n", func(d *Doc) error { _, err := d.Remove(nil, "b"); return err },
			"a = 1\nc = 3\n"},
		{"remove in a table", "[t]\nk = 1\n[u]\nk = 2\n", func(d *Doc) error { _, err := d.Remove([]string{"u"}, "k"); return err },
			"[t]\nk = 1\n[u]\n"},
	} {
		d, err := Parse([]byte(tc.src))
		if err != nil {
			t.Fatalf("%s: Parse: %v", tc.name, err)
		}
		if err := tc.edit(d); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := string(d.Bytes()); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// TestRemoveAndHeaders: Remove says whether the key was there;
// HasHeader sees [tables] only, not the root nor [[arrays]].
func TestRemoveAndHeaders(t *testing.T) {
	d, err := Parse([]byte("a = 1\n[t]\n[[arr]]\nx = 1\n['q.k']\n"))
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := d.Remove(nil, "missing"); ok || err != nil {
		t.Errorf("Remove(missing) = %v, %v", ok, err)
	}
	if ok, err := d.Remove([]string{"nowhere"}, "a"); ok || err != nil {
		t.Errorf("Remove in a missing table = %v, %v", ok, err)
	}
	for _, c := range []struct {
		path []string
		want bool
	}{{nil, false}, {[]string{"t"}, true}, {[]string{"arr"}, false}, {[]string{"q.k"}, true}, {[]string{"u"}, false}} {
		if got := d.HasHeader(c.path); got != c.want {
			t.Errorf("HasHeader(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestParseRefusesWhatItCannotScan: the scanner is exact, not forgiving.
func TestParseRefusesWhatItCannotScan(t *testing.T) {
	for _, src := range []string{"a = \"open\n", "[t\n", "a = [1, 2\n"} {
		if _, err := Parse([]byte(src)); err == nil || !strings.Contains(err.Error(), "toml edit") {
			t.Errorf("Parse(%q) = %v, want a scan error", src, err)
		}
	}
}
