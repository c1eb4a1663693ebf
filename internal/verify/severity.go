package verify

// Severity is how much a verdict weighs. verify stays below the doctor
// (it imports nothing of the top level): cmd/keydoctor maps a severity
// onto the doctor's finding status of the same name.
type Severity int

const (
	OK Severity = iota
	Info
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case OK:
		return "ok"
	case Info:
		return "info"
	case Warning:
		return "warning"
	}
	return "error"
}
