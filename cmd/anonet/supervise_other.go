//go:build !linux

package main

import (
	"os"
	"syscall"
)

// forwarded lists the signals the supervisor passes on to its worker.
var forwarded = []os.Signal{os.Interrupt, syscall.SIGTERM}

// workerAttr has no death signal to ask for outside Linux.
func workerAttr() *syscall.SysProcAttr { return nil }

// lockForWorker is needed only on Linux.
func lockForWorker() {}

// unlockForWorker is needed only on Linux.
func unlockForWorker() {}
