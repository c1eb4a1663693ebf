package gateway

// Field names one part of the profile.
type Field string

const (
	FieldBaseURL         Field = "base_url"
	FieldKey             Field = "key"
	FieldModel           Field = "model"
	FieldBackgroundModel Field = "background_model"
	FieldPreset          Field = "preset"
)

// Profile is the triple keydoctor writes and checks, with where each part
// came from. BaseURL is always the normalised gateway root.
type Profile struct {
	Preset          string
	BaseURL         string
	Key             string
	Model           string
	BackgroundModel string
	// KeyVar is the environment variable that holds (or should hold) the
	// key: what curl commands and Codex's env_key refer to.
	KeyVar string
	// VarBaseURL, VarKey and VarModel are the preset's variable names:
	// what .env holds, what discovery looks for in .env and MCP servers,
	// and what hints name. VarKey differs from KeyVar when --key-env
	// names another variable.
	VarBaseURL, VarKey, VarModel string
	// Sources says where each field came from: "--base-url",
	// "KEYDOCTOR_MODEL", the preset's key variable, "~/.config/keydoctor/config.yaml".
	Sources map[Field]string
	// Notes are what normalising the base URL repaired.
	Notes []Note
}

// Public is the profile as it may be printed: key masked.
type Public struct {
	Name            string `json:"name"`
	BaseURL         string `json:"base_url"`
	Model           string `json:"model"`
	BackgroundModel string `json:"background_model,omitempty"`
	Key             string `json:"key"`
}

// Public returns the printable view.
func (p Profile) Public() Public {
	return Public{Name: p.Preset, BaseURL: p.BaseURL, Model: p.Model, BackgroundModel: p.BackgroundModel, Key: Mask(p.Key)}
}

// Source returns where a field came from, or "".
func (p Profile) Source(f Field) string { return p.Sources[f] }
