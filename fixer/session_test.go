package fixer

import (
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
)

// What is left unfixed decides doctor --fix's exit status: an error
// always, a warning only with --strict.
func TestResultFailing(t *testing.T) {
	warn := &Result{Fixes: []Fix{{Finding: doctor.Finding{Status: doctor.Warning}}}}
	if warn.Failing(false) || !warn.Failing(true) {
		t.Errorf("a warning: failing %v, strict %v", warn.Failing(false), warn.Failing(true))
	}
	errs := &Result{Fixes: []Fix{{Finding: doctor.Finding{Status: doctor.Warning}}, {Finding: doctor.Finding{Status: doctor.Error}}}}
	if !errs.Failing(false) {
		t.Error("an error does not fail")
	}
	if (&Result{}).Failing(true) {
		t.Error("nothing left fails")
	}
}
