package derive

import "github.com/grocer-portal/portal/services/api/internal/region"

// The north/south rule ("Aldi equator") over state_code + community_code
// (5-digit AGS district key), as described in
// shared/data/de-postcodes/README.md. District codes and names below were
// taken from the community / community_code columns of zipcodes.de.csv; the
// generator fails if a code is missing from these lists or its name in the
// CSV differs, so that any change of the source data forces a review here.
//
// Every decision that is not stated in the README is marked DECISION and
// gives its reasoning; entries marked UNCERTAIN are best guesses from
// geography (neighbouring districts, published descriptions of the line:
// "from the western Münsterland via Mülheim an der Ruhr, Wermelskirchen,
// Gummersbach (both sides), Siegen (both sides, the A45 forms the border),
// south of Marburg, to north of Fulda") and should be confirmed by the
// business if precise store-area data becomes available.

// stateRegion: federal states that belong entirely to one side.
var stateRegion = map[string]region.Region{
	// SUED entirely.
	"BW": region.South, "BY": region.South, "RP": region.South, "SL": region.South,
	// NORD entirely.
	"SH": region.North, "HH": region.North, "HB": region.North, "NI": region.North,
	"BE": region.North, "BB": region.North, "MV": region.North, "SN": region.North,
	"ST": region.North, "TH": region.North,
}

// splitStates are decided per district (community_code); the value is the
// AGS state prefix every community_code of that state must have.
var splitStates = map[string]string{"NW": "05", "HE": "06"}

// stateless covers rows without state/district, keyed by postcode + " " + place.
var stateless = map[string]region.Region{
	// DECISION: 87491 Jungholz is an Austrian (Tyrol) exclave reachable by
	// road only through Bavaria (Oberallgäu); it uses a German postcode and is
	// supplied from Bavaria, so it gets Bavaria's region: SUED.
	"87491 Jungholz": region.South,
}

// district is a whole district (Kreis / kreisfreie Stadt) on one side.
type district struct {
	code, name string
	region     region.Region
}

var districts = []district{
	// ---- NW, SUED: the Rhineland south/west of the Ruhr (README).
	{"05111", "Düsseldorf, Stadt", region.South},
	{"05112", "Duisburg, Stadt", region.South},
	{"05114", "Krefeld, Stadt", region.South},
	{"05116", "Mönchengladbach, Stadt", region.South},
	{"05117", "Mülheim an der Ruhr, Stadt", region.South},
	{"05119", "Oberhausen, Stadt", region.South},
	{"05154", "Kleve", region.South},
	{"05162", "Rhein-Kreis Neuss", region.South},
	{"05166", "Viersen", region.South},
	{"05170", "Wesel", region.South},
	{"05314", "Bonn, Stadt", region.South},
	{"05315", "Köln, Stadt", region.South},
	{"05316", "Leverkusen, Stadt", region.South},
	{"05334", "Städteregion Aachen", region.South},
	{"05358", "Düren", region.South},
	{"05362", "Rhein-Erft-Kreis", region.South},
	{"05366", "Euskirchen", region.South},
	{"05370", "Kreis Heinsberg", region.South},
	{"05378", "Rheinisch-Bergischer Kreis", region.South},
	{"05382", "Rhein-Sieg-Kreis", region.South},
	// DECISION (README: uncertain) Solingen -> SUED as a whole: it lies south
	// of the line through Wermelskirchen and borders only SUED areas besides
	// Haan/Wuppertal (Langenfeld, Hilden, Leichlingen, Burscheid,
	// Wermelskirchen). UNCERTAIN.
	{"05122", "Solingen, Stadt", region.South},

	// ---- NW, NORD: Essen and the Ruhr east of it (README).
	{"05113", "Essen, Stadt", region.North},
	{"05513", "Gelsenkirchen, Stadt", region.North},
	{"05562", "Recklinghausen", region.North},
	{"05911", "Bochum, Stadt", region.North},
	{"05913", "Dortmund, Stadt", region.North},
	{"05914", "Hagen, Stadt", region.North},
	{"05915", "Hamm, Stadt", region.North},
	{"05916", "Herne, Stadt", region.North},
	{"05954", "Ennepe-Ruhr-Kreis", region.North},
	{"05978", "Unna", region.North},
	// Münsterland (README).
	{"05515", "Münster, Stadt", region.North},
	{"05558", "Coesfeld", region.North},
	{"05566", "Steinfurt", region.North},
	{"05570", "Warendorf", region.North},
	// Ostwestfalen-Lippe (README).
	{"05711", "Bielefeld, Stadt", region.North},
	{"05754", "Gütersloh", region.North},
	{"05758", "Herford", region.North},
	{"05762", "Höxter", region.North},
	{"05766", "Lippe", region.North},
	{"05770", "Minden-Lübbecke", region.North},
	{"05774", "Paderborn", region.North},
	// Sauerland, Märkischer Kreis, Olpe, Remscheid (README). Soest (Hellweg /
	// northern Sauerland) is not named in the README; DECISION: NORD like its
	// neighbours Hamm, Unna, Hochsauerlandkreis and Paderborn.
	{"05958", "Hochsauerlandkreis", region.North},
	{"05974", "Soest", region.North},
	{"05962", "Märkischer Kreis", region.North},
	{"05966", "Olpe", region.North},
	{"05120", "Remscheid, Stadt", region.North},
	// DECISION (README: uncertain) Wuppertal -> NORD as a whole: the line runs
	// south of it via Wermelskirchen; it borders Remscheid, Ennepe-Ruhr-Kreis
	// and Velbert/Haan (all NORD). UNCERTAIN.
	{"05124", "Wuppertal, Stadt", region.North},

	// ---- HE, SUED: all of Regierungsbezirk Darmstadt (README) ...
	{"06411", "Darmstadt, Wissenschaftsstadt", region.South},
	{"06412", "Frankfurt am Main, Stadt", region.South},
	{"06413", "Offenbach am Main, Stadt", region.South},
	{"06414", "Wiesbaden, Landeshauptstadt", region.South},
	{"06431", "Bergstraße", region.South},
	{"06432", "Darmstadt-Dieburg", region.South},
	{"06433", "Groß-Gerau", region.South},
	{"06434", "Hochtaunuskreis", region.South},
	{"06435", "Main-Kinzig-Kreis", region.South},
	{"06436", "Main-Taunus-Kreis", region.South},
	{"06437", "Odenwaldkreis", region.South},
	{"06438", "Offenbach", region.South},
	{"06439", "Rheingau-Taunus-Kreis", region.South},
	{"06440", "Wetteraukreis", region.South},
	// ... Landkreis Gießen, Limburg-Weilburg, Fulda (README).
	{"06531", "Gießen", region.South},
	{"06533", "Limburg-Weilburg", region.South},
	{"06631", "Fulda", region.South},

	// ---- HE, NORD (README).
	{"06611", "Kassel, documenta-Stadt", region.North},
	{"06633", "Kassel", region.North},
	{"06634", "Schwalm-Eder-Kreis", region.North},
	{"06635", "Landkreis Waldeck-Frankenberg", region.North},
	{"06632", "Hersfeld-Rotenburg", region.North},
	{"06636", "Werra-Meißner-Kreis", region.North},
}

// splitDistrict is a district decided per place. Every place of the district
// in the CSV must be listed: a place row matches a key of places if its place
// name equals the key or starts with the key followed by a space (GeoNames
// names localities "Bad Berleburg Elsoff", "Braunfels Philippstein", ...).
// postcodes overrides places for rows of that postcode in this district
// (needed where GeoNames names a locality after its town, e.g. 46244
// "Bottrop" = Bottrop-Kirchhellen).
type splitDistrict struct {
	name      string
	places    map[string]region.Region
	postcodes map[string]region.Region
}

var splitDistricts = map[string]splitDistrict{
	// Borken (western Münsterland). README: Bocholt SUED, Borken NORD.
	"05554": {name: "Borken", places: map[string]region.Region{
		"Bocholt": region.South, // README
		// DECISION: Rhede and Isselburg (Bocholt's neighbours to the east and
		// west; Isselburg borders Kreis Kleve/Wesel, both SUED) go with Bocholt.
		"Rhede":     region.South,
		"Isselburg": region.South,
		"Borken":    region.North, // README
		// DECISION: the rest of the district (Borken's surroundings and the
		// northern Westmünsterland towards Münsterland) is NORD.
		// Raesfeld (south of Borken, bordering Kreis Wesel) is UNCERTAIN;
		// taken as NORD with Borken.
		"Raesfeld":           region.North,
		"Velen":              region.North,
		"Heiden":             region.North,
		"Reken":              region.North,
		"Südlohn":            region.North,
		"Stadtlohn":          region.North,
		"Gescher":            region.North,
		"Vreden":             region.North,
		"Ahaus":              region.North,
		"Legden":             region.North,
		"Heek":               region.North,
		"Schöppingen":        region.North,
		"Gronau (Westfalen)": region.North,
	}},

	// Mettmann. README: Hilden, Langenfeld SUED; Haan, Velbert NORD.
	"05158": {name: "Mettmann", places: map[string]region.Region{
		"Hilden":     region.South, // README
		"Langenfeld": region.South, // README
		// DECISION: the towns bordering Düsseldorf / Duisburg / Mülheim (all
		// SUED) and the Rhine towns south of Langenfeld go SUED: Monheim am
		// Rhein, Erkrath, Ratingen.
		"Monheim am Rhein": region.South,
		"Erkrath":          region.South,
		"Ratingen":         region.South,
		// DECISION, UNCERTAIN: Mettmann (town) lies between Erkrath (SUED) and
		// Wülfrath/Haan (NORD); taken as SUED (Neander valley towards
		// Erkrath/Düsseldorf).
		"Mettmann": region.South,
		"Haan":     region.North, // README
		"Velbert":  region.North, // README
		// DECISION: Wülfrath (between Velbert and Wuppertal) and Heiligenhaus
		// (between Velbert and Essen) go NORD with Velbert. Heiligenhaus is
		// UNCERTAIN (also borders Ratingen).
		"Wülfrath":     region.North,
		"Heiligenhaus": region.North,
	}},

	// Oberbergischer Kreis. The line runs through Gummersbach: its suburb
	// Dieringhausen (51645) has SUED stores, the rest of the town NORD.
	"05374": {name: "Oberbergischer Kreis",
		places: map[string]region.Region{
			// DECISION: the northern part (Radevormwald hosts a NORD regional
			// centre; Hückeswagen, Wipperfürth, Marienheide next to Remscheid
			// and the Märkischer Kreis) and Bergneustadt (east of Gummersbach,
			// bordering Olpe) are NORD.
			"Radevormwald": region.North,
			"Hückeswagen":  region.North,
			"Wipperfürth":  region.North,
			"Marienheide":  region.North,
			"Bergneustadt": region.North,
			"Gummersbach":  region.North, // 51643 centre, 51647 north; see postcodes for 51645
			// DECISION: the Agger valley towards Cologne (Engelskirchen),
			// Lindlar (bordering Rheinisch-Bergischer Kreis, SUED) and the
			// southern part bordering Rhein-Sieg-Kreis and Rhineland-Palatinate
			// (Wiehl, Nümbrecht, Waldbröl, Reichshof, Morsbach) are SUED.
			"Lindlar":       region.South,
			"Engelskirchen": region.South,
			"Wiehl":         region.South,
			"Nümbrecht":     region.South,
			"Waldbröl":      region.South,
			"Reichshof":     region.South,
			"Morsbach":      region.South,
		},
		postcodes: map[string]region.Region{
			// DECISION: 51645 Gummersbach (Dieringhausen, Derschlag,
			// Vollmerhausen) is the SUED part of Gummersbach.
			"51645": region.South,
		},
	},

	// Siegen-Wittgenstein. Siegen itself has stores of both sides, the A45
	// (running west and south of the Siegen core) forms the border.
	"05970": {name: "Siegen-Wittgenstein",
		places: map[string]region.Region{
			// DECISION: Wittgenstein (Bad Laasphe hosts a NORD regional centre,
			// Bad Berleburg, Erndtebrück) and the northern Siegerland
			// (Kreuztal, Hilchenbach, Netphen) are NORD, as is the Siegen core
			// north/east of the A45 (57072, 57074, 57076 Weidenau, 57078
			// Geisweid; see postcodes for 57080).
			"Bad Berleburg": region.North,
			"Bad Laasphe":   region.North,
			"Erndtebrück":   region.North,
			"Kreuztal":      region.North,
			"Hilchenbach":   region.North,
			"Netphen":       region.North,
			"Siegen":        region.North,
			// DECISION: the southern Siegerland beyond the A45, bordering
			// Lahn-Dill-Kreis and Rhineland-Palatinate (both SUED), is SUED:
			// Freudenberg, Wilnsdorf, Neunkirchen, Burbach. Freudenberg and
			// Wilnsdorf are UNCERTAIN.
			"Freudenberg": region.South,
			"Wilnsdorf":   region.South,
			"Neunkirchen": region.South,
			"Burbach":     region.South,
		},
		postcodes: map[string]region.Region{
			// DECISION, UNCERTAIN: 57080 Siegen (Eiserfeld, Niederschelden,
			// south-west of the A45 interchange) is the SUED part of Siegen.
			"57080": region.South,
		},
	},

	// Bottrop. README: Kirchhellen SUED (the well-known SUED store north of
	// NORD Gladbeck); the rest of the city NORD like Essen/Gelsenkirchen.
	"05512": {name: "Bottrop, Stadt",
		places: map[string]region.Region{"Bottrop": region.North},
		postcodes: map[string]region.Region{
			"46244": region.South, // Bottrop-Kirchhellen (GeoNames names it "Bottrop")
		},
	},

	// Lahn-Dill-Kreis. The line runs south of Marburg; Wetzlar/Dillenburg
	// are SUED (common view; SUED regional centre in nearby Butzbach).
	// DECISION: the whole district is SUED, place by place: its northernmost
	// municipalities (Eschenburg, Dietzhölztal, Siegbach, Breitscheid) are in
	// the Dill valley/Westerwald and oriented to Dillenburg/Haiger, and the
	// adjoining southern Siegerland is SUED as well. Eschenburg and
	// Dietzhölztal (bordering the NORD Hinterland/Wittgenstein) are UNCERTAIN.
	"06532": {name: "Lahn-Dill-Kreis", places: map[string]region.Region{
		"Wetzlar":       region.South,
		"Solms":         region.South,
		"Aßlar":         region.South,
		"Braunfels":     region.South,
		"Hüttenberg":    region.South,
		"Ehringshausen": region.South,
		"Lahnau":        region.South,
		"Leun":          region.South,
		"Schöffengrund": region.South,
		"Hohenahr":      region.South,
		"Waldsolms":     region.South,
		"Bischoffen":    region.South,
		"Dillenburg":    region.South,
		"Haiger":        region.South,
		"Eschenburg":    region.South,
		"Dietzhölztal":  region.South,
		"Herborn":       region.South,
		"Greifenstein":  region.South,
		"Mittenaar":     region.South,
		"Driedorf":      region.South,
		"Sinn":          region.South,
		"Breitscheid":   region.South,
		"Siegbach":      region.South,
	}},

	// Marburg-Biedenkopf. The line runs south of Marburg: Marburg NORD.
	"06534": {name: "Marburg-Biedenkopf", places: map[string]region.Region{
		"Marburg": region.North, // all four Marburg postcodes
		// DECISION: everything at Marburg's latitude or north of it is NORD:
		// Cölbe, Lahntal, Wetter, Münchhausen, Rauschenberg, Wohratal; the
		// Ohm valley east of Marburg (Kirchhain, Amöneburg, Stadtallendorf,
		// Neustadt, bordering Schwalm-Eder, NORD); and the Hinterland
		// (Biedenkopf, Dautphetal, Breidenbach, Steffenberg, Angelburg,
		// bordering Wittgenstein, NORD).
		"Cölbe":             region.North,
		"Lahntal":           region.North,
		"Wetter":            region.North,
		"Münchhausen":       region.North,
		"Rauschenberg":      region.North,
		"Wohratal":          region.North,
		"Kirchhain":         region.North,
		"Amöneburg":         region.North,
		"Stadtallendorf":    region.North,
		"Neustadt (Hessen)": region.North,
		"Biedenkopf":        region.North,
		"Dautphetal":        region.North,
		"Breidenbach":       region.North,
		"Steffenberg":       region.North,
		"Angelburg":         region.North,
		// DECISION: the municipalities south of Marburg, towards Gießen and
		// the Lahn-Dill-Kreis (both SUED), are SUED: Weimar (Lahn),
		// Fronhausen, Lohra, Ebsdorfergrund, Gladenbach, Bad Endbach.
		"Weimar":         region.South,
		"Fronhausen":     region.South,
		"Lohra":          region.South,
		"Ebsdorfergrund": region.South,
		"Gladenbach":     region.South,
		"Bad Endbach":    region.South,
	}},

	// Vogelsbergkreis. The line runs from south of Marburg to north of Fulda,
	// i.e. through the Vogelsberg.
	"06535": {name: "Vogelsbergkreis", places: map[string]region.Region{
		// DECISION, UNCERTAIN: the northern Vogelsberg around Alsfeld,
		// bordering the NORD Ohm valley (Marburg-Biedenkopf), Schwalm-Eder
		// and Hersfeld-Rotenburg, is NORD.
		"Alsfeld":          region.North,
		"Homberg (Ohm)":    region.North,
		"Kirtorf":          region.North,
		"Antrifttal":       region.North,
		"Romrod":           region.North,
		"Gemünden (Felda)": region.North,
		"Schwalmtal":       region.North,
		"Grebenau":         region.North,
		// DECISION, UNCERTAIN: Lauterbach and the southern/eastern Vogelsberg,
		// bordering Gießen, Wetterau, Main-Kinzig and Fulda (all SUED), are
		// SUED; Schlitz goes with Fulda.
		"Lauterbach":    region.South,
		"Schlitz":       region.South,
		"Wartenberg":    region.South,
		"Lautertal":     region.South,
		"Herbstein":     region.South,
		"Grebenhain":    region.South,
		"Freiensteinau": region.South,
		"Ulrichstein":   region.South,
		"Mücke":         region.South,
		"Feldatal":      region.South,
		"Schotten":      region.South,
	}},
}
