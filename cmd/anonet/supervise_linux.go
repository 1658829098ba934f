package main

import (
	"os"
	"runtime"
	"syscall"
)

// forwarded lists the signals the supervisor passes on to its worker.
var forwarded = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// workerAttr makes the worker get SIGTERM if the supervisor dies (killed
// with SIGKILL, say), so that it never runs on unsupervised.
func workerAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}

// lockForWorker keeps the supervisor on one OS thread from starting the
// worker until it ended: Linux sends the death signal when the thread that
// started the worker ends, not the process.
func lockForWorker() { runtime.LockOSThread() }

// unlockForWorker undoes lockForWorker.
func unlockForWorker() { runtime.UnlockOSThread() }
