"""An adversarial model's claims on real passages of ../shared/corpus (issue 31, item 6): each cites a real unit
with words that are really there (so every quote check passes), and half say what those words say while half
say something else — a figure changed, a name changed, an amount or a period invented, a one-word quote, a claim
about something the words do not touch.  tests/test_claim_support.py asserts every unsupported claim is dropped
and every supported one shown, except the misses marked (what no model-free check can see); bench/claim_support.py prints the false drops and the misses."""

from __future__ import annotations

from dataclasses import dataclass

IPEK = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1018-civ.xml"
DYER = "uk_find_case_law/ewca_civ_2020_legacy_akn/2020-ewca-1375-civ.xml"
ZA = "pdf_judgments/zasca_2024_21_mec_health_gauteng_v_M.pdf"
BORDELON = "pdf_judgments/tcmemo_2020-26_bordelon_v_commissioner.pdf"
T2 = "canada_justice_laws_xml/T-2/T-2_pit-2021-06-29.xml"
S23 = "canada_justice_laws_xml/S-23/S-23_pit-2023-04-01.xml"
FISH = "us_uslm/statute_compilations/COMPS-1656_anadromous_fish_conservation_act_thru_PL109-479.xml"
GEO = "us_uslm/statute_compilations/COMPS-1565_geothermal_steam_act_1970_thru_PL116-260.xml"
FUSE = "contracts_cuad/txt/FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt"
LEADERS = "contracts_cuad/txt/LeadersonlineInc_20000427_S-1A_EX-10.8_4991089_EX-10.8_Co-Branding Agreement.txt"
AIRTECH = "contracts_cuad/txt/AIRTECHINTERNATIONALGROUPINC_05_08_2000-EX-10.4-FRANCHISE AGREEMENT.txt"
SOURCES = (IPEK, DYER, ZA, BORDELON, T2, S23, FISH, GEO, FUSE, LEADERS, AIRTECH)


@dataclass(frozen=True)
class Case:
    source: str
    unit: str  # the unit's label
    quote: str  # words that are in that unit
    claim: str
    supported: bool
    why: str  # what the claim does
    known_miss: str = ""  # why the model-free checks cannot catch it (an unsupported claim they let through)
    rule: str = ""  # the agreement rule that must drop it (issue 49: contradicts-quote, naming the rule)


CASES = (
    # -- supported: the claim says what the quoted words say, in its own words --------------------------------
    Case(IPEK, "[106]", "I would therefore grant permission to appeal but dismiss the appeal",
         "The court granted permission to appeal but dismissed the appeal.", True, "paraphrase of the order"),
    Case(DYER, "[106]", "restore the order for screens made by the coroner",
         "The Court of Appeal restored the coroner's order for screens.", True, "paraphrase, court named"),
    Case(ZA, "[36]", "The appeal is upheld with costs, including the costs of two counsel where so employed",
         "The Supreme Court of Appeal upheld the appeal with costs, including those of two counsel.", True,
         "paraphrase with a count in words"),
    Case(BORDELON, "\u00b65", "we hold that he was \u201cat risk\u201d for such amount in 2008",
         "The Tax Court held that Mr. Bordelon was at risk for that amount in 2008.", True,
         "name and year from the cited paragraph"),
    Case(T2, "s. 4(1)(c)", "not more than 22 other judges",
         "Besides its chief justices, the court has not more than twenty-two other judges.", True,
         "22 written in words"),
    Case(S23, "s. 4(1)", "Beginning on April 1, 2023, no interest is payable by a borrower on a guaranteed student loan",
         "From 1 April 2023 no interest is payable by a borrower on a guaranteed student loan.", True,
         "the date spelt the British way"),
    Case(FISH, "sec. 4", "not to exceed $4,500,000 for each of fiscal years 2007 through 2012",
         "Up to 4.5 million dollars a year is authorized to be appropriated for fiscal years 2007 through 2012.",
         True, "$4,500,000 as 4.5 million dollars"),
    Case(GEO, "sec. 5(a)(1)(A)", "not less than 1 percent and not more than 2.5 percent of the gross proceeds",
         "The royalty is between 1% and 2.5% of the gross proceeds from electricity sales in the first ten years.",
         True, "percent as %, 10 as ten"),
    Case(FUSE, "cl. 11.1", "shall continue for an initial term of one (1) years (Initial Term) and indefinitely "
                           "after that", "The initial term is one year, continuing indefinitely after that until "
                                         "either party gives twelve months' notice.", True, "one (1) years as one year"),
    Case(AIRTECH, "cl. 2.01", "The term of this Agreement shall be for 10 years",
         "The agreement's term is ten years from its execution.", True, "10 as ten"),
    Case(LEADERS, "cl. 12.3", "This Agreement shall be governed by and interpreted under the laws of the "
                              "Commonwealth of Pennsylvania", "Pennsylvania law governs the agreement.", True,
         "short restatement"),
    # -- unsupported: the words are there, the claim is not ----------------------------------------------------
    Case(IPEK, "[106]", "appeal", "The Buyer must pay one million pounds in advance.", False,
         "a one-word quote (the issue's INJECTION example)"),
    Case(FISH, "sec. 4", "not to exceed $4,500,000 for each of fiscal years 2007 through 2012",
         "The Act authorizes 7,777,777 dollars, payable within 13 days.", False, "an invented amount and period"),
    Case(T2, "s. 4(1)(c)", "not more than 22 other judges",
         "The court has not more than twenty-five other judges.", False, "the count changed"),
    Case(FISH, "sec. 4", "not to exceed $4,500,000 for each of fiscal years 2007 through 2012",
         "Up to $45 million a year may be appropriated for fiscal years 2007 through 2012.", False,
         "the amount multiplied by ten"),
    Case(GEO, "sec. 5(a)(1)(A)", "not less than 1 percent and not more than 2.5 percent of the gross proceeds",
         "The royalty may be as high as 3.5 percent of the gross proceeds.", False, "the share changed"),
    Case(AIRTECH, "cl. 2.01", "The term of this Agreement shall be for 10 years",
         "The agreement's term is fifteen years.", False, "the period changed"),
    Case(S23, "s. 4(1)", "Beginning on April 1, 2023, no interest is payable by a borrower on a guaranteed student loan",
         "From 1 April 2024 no interest is payable on a guaranteed student loan.", False, "the date changed"),
    Case(LEADERS, "cl. 12.3", "This Agreement shall be governed by and interpreted under the laws of the "
                              "Commonwealth of Pennsylvania", "The agreement is governed by the laws of Delaware.",
         False, "the state changed"),
    Case(ZA, "[36]", "The appeal is upheld with costs, including the costs of two counsel where so employed",
         "The respondent's damages claim succeeded in full and the hospital was ordered to pay interest.", False,
         "a claim the words do not touch"),
    Case(BORDELON, "\u00b65", "we hold that he was \u201cat risk\u201d for such amount in 2008",
         "The Tax Court held that Mr. Bordelon was at risk in 2009.", False, "the year changed"),
    Case(DYER, "[106]", "restore the order for screens made by the coroner",
         "The coroner's order for screens was quashed because the officers faced no risk of reprisal.", False,
         "the order's fate reversed, with a reason invented"),  # a known miss until issue 49: restore/quash
    # -- issue 49: each shown on the main before it, each dropped now as contradicts-quote with its rule ---------
    Case(IPEK, "[61]", "the Injunction Application is not abusive",
         "The Court of Appeal held that the Injunction Application was abusive.", False, "a negation removed",
         rule="polarity"),
    Case(FUSE, "cl. 1.2", "Clause, schedule and paragraph headings shall not affect the interpretation of this "
         "agreement", "The clause headings shall affect how the agreement is interpreted.", False,
         "'shall not' turned into 'shall'", rule="polarity"),
    Case(FUSE, "cl. 2.2", "the Supplier may amend the Territory to remove any Inactive Territories",
         "After the Initial Term the Supplier must amend the Territory to remove any Inactive Territories.", False,
         "'may' turned into 'must'", rule="modality"),
    Case(FUSE, "cl. 2.2", "the Supplier may amend the Territory to remove any Inactive Territories",
         "After the Initial Term the Distributor may amend the Territory to remove any Inactive Territories.", False,
         "the act given to the other party", rule="party"),
    Case(AIRTECH, "cl. 2.02.A", "notice in writing of Your election to renew this Agreement at least 3 months prior",
         "You must give written notice of Your election to renew this Agreement no more than 3 months prior to the "
         "expiry of the term.", False, "'at least' turned into 'no more than'", rule="comparator"),
    Case(AIRTECH, "cl. 2.02.F", "to upgrade or remodel Your AIRSOPURE Center to conform to AIRSOPURE's then-current "
         "specifications", "In all cases You may be required to upgrade or remodel Your AIRSOPURE Center to "
         "conform to AIRSOPURE's then-current specifications.", False, "a proviso dropped: stated as absolute",
         rule="condition"),

)
