package discover

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// readerTool is a tool whose package implements the reader itself: what
// it keeps is its own state, and it says what its own triple is.
type readerTool struct{ own bool }

type readerState struct{ reads int }

func (readerTool) ReadFiles(s *Snapshot, t tool.Tool) {
	s.SetState(t.ID, &readerState{reads: 1})
	s.NotePath("/nowhere/x.json", string(t.ID))
	s.AddStored(t.ID, Value{Value: "sk-test-stored-0123456789", Source: Source{File: "/nowhere/x.json", Key: "key"}})
}

func (readerTool) Resolve(s *Snapshot, t tool.Tool) []Tool {
	st, _ := s.State(t.ID).(*readerState)
	if st == nil || st.reads != 1 {
		return nil
	}
	return []Tool{{ID: t.ID, Rule: t.Tool, Label: t.Title, Base: Value{Value: "https://gw.example/v1", Source: Source{Key: "X"}}, MCP: true}}
}

func (r readerTool) Own(s *Snapshot, t tool.Tool) (Tool, bool) {
	return Tool{ID: t.ID, Label: "own"}, r.own
}

// A tool's Impl is its reader: discovery calls it, keeps what it keeps by
// the tool's id, and asks it for its own triple; a tool of no format with
// no reader is not read at all.
func TestImplReader(t *testing.T) {
	reader := tool.Tool{Tool: gateway.Tool{ID: "fake-reader", Title: "Fake Reader", Protocol: gateway.Chat}, Format: "fake-format", Impl: readerTool{own: true}}
	unread := tool.Tool{Tool: gateway.Tool{ID: "fake-unread", Title: "Fake Unread"}, Format: "fake-format"}
	defer tool.Register(reader)()
	defer tool.Register(unread)()
	if !Reads(reader) || Reads(unread) {
		t.Fatalf("Reads: reader %v, unread %v", Reads(reader), Reads(unread))
	}
	e, dir := home(t, nil, nil)
	s := Discover(e, Options{Project: dir})
	got, ok := s.Tool("fake-reader")
	if !ok || got.Base.Value != "https://gw.example/v1" {
		t.Fatalf("resolved = %+v (%v)", got, ok)
	}
	if own, ok := s.Own("fake-reader"); !ok || own.Label != "own" {
		t.Errorf("Own = %+v (%v), want the reader's", own, ok)
	}
	if len(s.Stored) != 1 || s.Stored[0].Tool != "fake-reader" { // no other tool's file holds a key here
		t.Errorf("stored = %+v", s.Stored)
	}
	if _, ok := s.Own("fake-unread"); ok {
		t.Error("Own of a tool nothing read")
	}
	var noted bool
	for _, p := range s.Paths {
		noted = noted || p.Tool == "fake-reader"
	}
	if !noted {
		t.Error("the reader's path is not noted")
	}
}
