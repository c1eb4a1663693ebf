package codex

// VerifyEdit is verifyEdit, for the fuzz test.
var VerifyEdit = verifyEdit
