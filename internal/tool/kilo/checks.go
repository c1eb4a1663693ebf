package kilo

import "github.com/keydoctor/keydoctor/checks"

// ChecksOffline adds Kilo's own checks at the layers stage (the format's:
// an undeclared model, an {env:VAR} naming an unset variable, a layer
// above the global config overriding it). What Kilo adds to its own file
// ($schema, permission) is none of our keys, so no check reads it.
func (impl) ChecksOffline(o checks.Options) []checks.Staged { return format.ChecksOffline(o) }
