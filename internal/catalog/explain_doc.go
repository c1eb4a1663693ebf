package catalog

// ExplainSchema names the document `explain --json` prints (and the MCP
// server's explain tool returns).
const ExplainSchema = "keydoctor/explain@1"

// ExplainDoc is an answer as one JSON document: the code the query names,
// or the candidates that most likely explain it, each with its causes and
// its generic fix.
type ExplainDoc struct {
	Schema string       `json:"schema"`
	Query  string       `json:"query"`
	Codes  []ExplainHit `json:"codes"`
}

// ExplainHit is one code of an answer; Matched says what in the query
// named it ("the code", "HTTP 401", a phrase).
type ExplainHit struct {
	Code     Code     `json:"code"`
	Title    string   `json:"title"`
	Severity string   `json:"severity"`
	Causes   []string `json:"causes,omitempty"`
	Fix      string   `json:"fix"`
	Matched  []string `json:"matched"`
}

// Doc is the answer as a document.
func (a Explanation) Doc() ExplainDoc {
	d := ExplainDoc{Schema: ExplainSchema, Query: a.Query, Codes: []ExplainHit{}}
	hit := func(en Entry, why []string) ExplainHit {
		return ExplainHit{Code: en.Code, Title: en.Title, Severity: string(en.Severity), Causes: en.Causes,
			Fix: Generic(en.Code), Matched: uniqStrings(why)}
	}
	if a.Entry != nil {
		d.Codes = append(d.Codes, hit(*a.Entry, []string{"the code"}))
	}
	for _, c := range a.Found {
		d.Codes = append(d.Codes, hit(c.Entry, c.Why))
	}
	return d
}
