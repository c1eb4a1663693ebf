package claude

import (
	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
)

// ChecksCA: a Node program, which adds wire.NodeCA to its bundled roots.
func (impl) ChecksCA(title string) (who, variable string) {
	return title + " (a Node program)", wire.NodeCA
}

// ChecksModelKey: every way of configuring Claude Code ends in one
// variable for the model.
func (impl) ChecksModelKey() string { return anthropic.Model }
