package wire

// CheckBackground is the Check of the finding about a tool's
// background model (doctor --fix sets a served one through setup).
const CheckBackground = string(stepBackground)
