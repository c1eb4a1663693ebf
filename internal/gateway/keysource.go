package gateway

// KeySource names where the profile's key came from, for messages: its
// source, or the variable that holds it.
func (p Profile) KeySource() string {
	if s := p.Source(FieldKey); s != "" {
		return s
	}
	return p.KeyVar
}
