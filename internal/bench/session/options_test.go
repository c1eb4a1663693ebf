package session

import "testing"

func TestParseShare(t *testing.T) {
	for in, want := range map[string]float64{"20%": 0.2, "20": 0.2, "0.2": 0.2, "100%": 1, "0": 0, " 50 % ": -1, "x": -1, "-5%": -1} {
		got, err := ParseShare("--max-regression", in)
		if want < 0 {
			if err == nil {
				t.Errorf("%q accepted as %v", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("ParseShare(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}
