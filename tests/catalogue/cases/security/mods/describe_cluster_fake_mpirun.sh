#!/bin/sh
touch "$MARKER"
exit 1
