package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// A Windows console shows colour and erase-line sequences only with
// virtual terminal processing on; fatih/color turned it on for stdout
// when keydoctor used it, and the run's own colours (redact.Style) and
// progress redraws (redact.ClearLine) still need it.
func init() {
	for _, f := range []*os.File{os.Stdout, os.Stderr} {
		if f == nil {
			continue
		}
		var mode uint32
		h := windows.Handle(f.Fd())
		if windows.GetConsoleMode(h, &mode) == nil {
			_ = windows.SetConsoleMode(h, mode|windows.ENABLE_PROCESSED_OUTPUT|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING)
		}
	}
}
