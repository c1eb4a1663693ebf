package discover

// register tells the run every key the snapshot resolved, so that its
// output masks them wherever they show up: in a finding, a parse error, a
// tool's echo (the values a .env holds under a secret's name its reader
// gave MaskEnviron).
func (s *Snapshot) register() {
	if s.Env == nil || s.Env.Secrets == nil {
		return
	}
	for _, ts := range [][]Tool{s.Tools, s.Elsewhere} {
		for _, t := range ts {
			s.Env.Secrets.Add(t.Key.Value)
			for _, h := range t.Headers {
				if h.Secret() {
					s.Env.Secrets.Add(h.Value.Value)
				}
			}
		}
	}
}

// Keys are every key the snapshot saw: each tool's, the values it
// shadows, its other credentials and the keys its files store; a printer
// masks them once more as its last line of redaction.
func (s *Snapshot) Keys() []string {
	var out []string
	add := func(v Value) {
		if v.Value != "" {
			out = append(out, v.Value)
		}
		for _, o := range v.Overrides {
			if o.Value != "" {
				out = append(out, o.Value)
			}
		}
	}
	for _, t := range s.Tools {
		add(t.Key)
		for _, c := range t.Credentials {
			add(c)
		}
		for _, h := range t.Headers {
			if h.Secret() {
				add(h.Value)
			}
		}
	}
	for _, k := range s.Stored {
		add(k.Value)
	}
	return out
}
