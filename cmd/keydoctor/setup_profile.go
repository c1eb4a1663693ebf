package main

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// rememberSetup saves what setup wrote as a stored profile and makes it
// the default (profile.Remember); 'use' only makes its profile the
// default. It returns what to report ("" when the store already held it).
func rememberSetup(o *setupOptions, p gateway.Profile, since time.Time) (string, error) {
	if o.remember != nil {
		return "", o.remember(p)
	}
	return profile.Remember(o.Env, p, o.Flags.profile, o.Flags.Used, func(note string) {
		fmt.Fprintf(o.Err, "keydoctor: note: %s\n", note)
	})
}
