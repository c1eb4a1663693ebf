package verify

import "github.com/keydoctor/keydoctor/doctor"

// Severity is how much a verdict weighs.
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

// Doctor is the doctor's finding status of the same name, the one reports
// and the JSON document show.
func (s Severity) Doctor() doctor.Status {
	switch s {
	case OK:
		return doctor.OK
	case Info:
		return doctor.Info
	case Warning:
		return doctor.Warning
	}
	return doctor.Error
}
