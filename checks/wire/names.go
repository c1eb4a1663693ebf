package wire

// CheckBackground is the Check of the finding about Claude Code's
// background model (doctor --fix sets a served one through setup).
const CheckBackground = string(stepBackground)
