package embedded

import "strings"

// StoreAreas tells the store area (data.customerassignment) of a German postcode: "NORD", "SUED" or "UNKNOWN".
// *region.Table implements it; the provider depends on this interface, not on the region package.
type StoreAreas interface {
	StoreArea(postcode string) string
}

// customerAssignmentPath is the server-only data field that holds the store area (spec 000 §3: never shown).
const customerAssignmentPath = "customerassignment"

// withCustomerAssignment derives data.customerassignment from the account's German postcode after a write
// (registration, finalize, personal data, address; spec 000 §1): the standard address when it is in Germany,
// else the first German address, else the profile's postcode when it is a German one: the profile's country is
// Germany, or the profile names none on the German site (postcodeCountry, whose rule the postcode was held to).
// Without a German postcode the stored value stays as it was. Clients cannot write the field (400020), so this
// is the only way it changes.
func (p *Provider) withCustomerAssignment(profile, data map[string]any) map[string]any {
	if p.storeAreas == nil {
		return data
	}
	postcode, found := p.germanPostcode(profile, data)
	if !found {
		return data
	}
	out := deepCopy(data)
	out[customerAssignmentPath] = p.storeAreas.StoreArea(postcode)
	return out
}

func (p *Provider) germanPostcode(profile, data map[string]any) (string, bool) {
	book, _ := data[addressBookField].([]any)
	var firstGerman map[string]any
	for _, item := range book {
		entry, isObj := item.(map[string]any)
		if !isObj || !isGermany(entry["country"]) || stringField(entry, "zip") == "" {
			continue
		}
		if standard, _ := entry["isStandardAddress"].(bool); standard {
			return stringField(entry, "zip"), true
		}
		if firstGerman == nil {
			firstGerman = entry
		}
	}
	if firstGerman != nil {
		return stringField(firstGerman, "zip"), true
	}
	if zip := stringField(profile, "zip"); zip != "" {
		if country, _ := p.schema.postcodeCountry(profile); isGermany(country) {
			return zip, true
		}
	}
	return "", false
}

func isGermany(country any) bool {
	s, _ := country.(string)
	return strings.EqualFold(strings.TrimSpace(s), "DE")
}
