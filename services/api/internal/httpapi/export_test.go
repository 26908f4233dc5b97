package httpapi

// RestBodies exposes restBodies to the external tests, which hold it to api/openapi.yaml.
func RestBodies() map[string][]string { return restBodies }

// AccessLog exposes accessLog to the external benchmarks, which measure one line's cost alone.
var AccessLog = accessLog
