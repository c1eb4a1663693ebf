package discover

// register tells the run every key the snapshot read, and every value the
// project's .env holds under a secret's name (a token, a password), so
// that its output masks them wherever they show up: in a finding, a parse
// error, a tool's echo.
func (s *Snapshot) register() {
	if s.Env == nil || s.Env.Secrets == nil {
		return
	}
	for _, ts := range [][]Tool{s.Tools, s.Elsewhere} {
		for _, t := range ts {
			s.Env.Secrets.Add(t.Key.Value)
		}
	}
	vars := make([]string, 0, len(s.DotEnv.Vars))
	for name, v := range s.DotEnv.Vars {
		vars = append(vars, name+"="+v.Value)
	}
	s.Env.Secrets.AddEnviron(vars)
}
