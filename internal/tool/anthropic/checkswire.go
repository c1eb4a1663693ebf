package anthropic

import (
	"github.com/keydoctor/keydoctor/checks/wire"
)

// ChecksCA: most programs with these variables are Python ones, which
// honour wire.SystemCA (a Node one reads wire.NodeCA).
func (impl) ChecksCA(string) (who, variable string) {
	return "a Python program (a Node one reads " + wire.NodeCA + ")", wire.SystemCA
}
