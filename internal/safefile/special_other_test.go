//go:build !unix

package safefile

import "testing"

func specialCases(t *testing.T, dir string) []refusal { return nil }
