//go:build !windows

package testutil

func underWine() bool { return false }
