package mcpserver

// CleanText is cleanText, for the fuzz test.
var CleanText = cleanText
