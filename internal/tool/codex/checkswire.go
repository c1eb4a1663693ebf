package codex

import (
	"github.com/keydoctor/keydoctor/checks/wire"
)

// ChecksCA: Codex's reqwest stack honours wire.SystemCA.
func (impl) ChecksCA(string) (who, variable string) { return "Codex", wire.SystemCA }
