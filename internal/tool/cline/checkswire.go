package cline

import (
	"github.com/keydoctor/keydoctor/checks/wire"
)

// ChecksCA: a Node program, which adds wire.NodeCA to its bundled roots.
func (impl) ChecksCA(title string) (who, variable string) {
	return title + " (a Node program)", wire.NodeCA
}
