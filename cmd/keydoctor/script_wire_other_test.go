//go:build !linux

package main

import "errors"

func fullListener() (string, func(), error) {
	return "", nil, errors.New("needs Linux's listen backlog semantics")
}
