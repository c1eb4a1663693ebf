//go:build windows

package testutil

import "golang.org/x/sys/windows"

// underWine: Wine's ntdll exports wine_get_version; Windows' does not.
func underWine() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}
