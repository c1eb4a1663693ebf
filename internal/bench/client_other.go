//go:build !linux

package bench

// readOSWait: only Linux tells; elsewhere the Go runtime's own clock
// alone judges saturation.
func readOSWait() osWait { return osWait{} }
