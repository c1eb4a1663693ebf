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
		}
	}
}
