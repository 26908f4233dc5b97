// Package passkeytest is a software authenticator for tests: it answers the WebAuthn options the service gives
// (creation and request options as JSON) with a real P-256 key, the way a browser and a platform authenticator
// would, and lets a test bend one thing at a time (origin, relying-party id, user verification, counter,
// signature) to prove the service refuses it. It verifies nothing itself: that is go-webauthn's job in the service.
package passkeytest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"
)

// Authenticator holds one discoverable credential once Register has run.
type Authenticator struct {
	RPID   string // what the authenticator data's rpIdHash is made of
	Origin string // what the client data names
	// UserVerified sets the UV flag (true from New).
	UserVerified bool
	// BackupEligible and BackupState set the BE and BS flags (a synced passkey has both).
	BackupEligible, BackupState bool
	// Counter is the signature counter of the next answer; each answer adds one first.
	Counter uint32
	// TamperSignature flips a bit of the next assertion's signature.
	TamperSignature bool

	key          *ecdsa.PrivateKey
	CredentialID []byte
	UserHandle   []byte
}

// New returns an authenticator for a relying party and page origin.
func New(rpID, origin string) *Authenticator {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	id := make([]byte, 32)
	_, _ = rand.Read(id)
	return &Authenticator{RPID: rpID, Origin: origin, UserVerified: true, key: key, CredentialID: id}
}

type options struct {
	Challenge string `json:"challenge"`
	User      struct {
		ID string `json:"id"`
	} `json:"user"`
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func (a *Authenticator) authData(withCredential bool) ([]byte, error) {
	rp := sha256.Sum256([]byte(a.RPID))
	flags := byte(0x01) // user present
	if a.UserVerified {
		flags |= 0x04
	}
	if a.BackupEligible {
		flags |= 0x08
	}
	if a.BackupState {
		flags |= 0x10
	}
	if withCredential {
		flags |= 0x40
	}
	a.Counter++
	out := append([]byte{}, rp[:]...)
	out = append(out, flags)
	out = binary.BigEndian.AppendUint32(out, a.Counter)
	if !withCredential {
		return out, nil
	}
	out = append(out, make([]byte, 16)...) // AAGUID: none
	out = binary.BigEndian.AppendUint16(out, uint16(len(a.CredentialID)))
	out = append(out, a.CredentialID...)
	pub, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
		PublicKeyData: webauthncose.PublicKeyData{KeyType: int64(webauthncose.EllipticKey), Algorithm: int64(webauthncose.AlgES256)},
		Curve:         1, // P-256
		XCoord:        a.key.X.FillBytes(make([]byte, 32)),
		YCoord:        a.key.Y.FillBytes(make([]byte, 32)),
	})
	if err != nil {
		return nil, err
	}
	return append(out, pub...), nil
}

func (a *Authenticator) clientData(kind, challenge string) []byte {
	b, _ := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.Origin, "crossOrigin": false})
	return b
}

// Register answers creation options (the service's `options`) with a RegistrationResponseJSON ("none"
// attestation), and keeps the credential and the user handle.
func (a *Authenticator) Register(creationOptions any) (json.RawMessage, error) {
	var o options
	if err := remarshal(creationOptions, &o); err != nil {
		return nil, err
	}
	handle, err := base64.RawURLEncoding.DecodeString(o.User.ID)
	if err != nil {
		return nil, fmt.Errorf("passkeytest: user.id: %w", err)
	}
	a.UserHandle = handle
	ad, err := a.authData(true)
	if err != nil {
		return nil, err
	}
	att, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": ad})
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"id": b64(a.CredentialID), "rawId": b64(a.CredentialID), "type": "public-key", "authenticatorAttachment": "platform",
		"response": map[string]any{
			"clientDataJSON": b64(a.clientData("webauthn.create", o.Challenge)), "attestationObject": b64(att),
			"transports": []string{"internal"},
		},
		"clientExtensionResults": map[string]any{},
	})
}

// Login answers request options with an AuthenticationResponseJSON signed by the credential.
func (a *Authenticator) Login(requestOptions any) (json.RawMessage, error) {
	var o options
	if err := remarshal(requestOptions, &o); err != nil {
		return nil, err
	}
	ad, err := a.authData(false)
	if err != nil {
		return nil, err
	}
	cd := a.clientData("webauthn.get", o.Challenge)
	cdHash := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, ad...), cdHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		return nil, err
	}
	if a.TamperSignature {
		sig[len(sig)-1] ^= 0x01
	}
	return json.Marshal(map[string]any{
		"id": b64(a.CredentialID), "rawId": b64(a.CredentialID), "type": "public-key", "authenticatorAttachment": "platform",
		"response": map[string]any{
			"clientDataJSON": b64(cd), "authenticatorData": b64(ad), "signature": b64(sig), "userHandle": b64(a.UserHandle),
		},
		"clientExtensionResults": map[string]any{},
	})
}

func remarshal(in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
