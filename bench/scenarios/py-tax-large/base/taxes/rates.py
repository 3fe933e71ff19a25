"""Sales tax by US state and city, in cents.

Every jurisdiction has its own function, so its rules (exemptions, thresholds, rounding) read in
one place; `sales_tax()` dispatches by code. Rates are illustrative, not legal advice.
"""
from decimal import ROUND_CEILING, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

GROCERY = "grocery"
CLOTHING = "clothing"
PRESCRIPTION = "prescription"
GENERAL = "general"


def _round_half_up(amount: Decimal) -> int:
    """Half a cent or more rounds up (most states)."""
    return int(amount.quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def _round_up(amount: Decimal) -> int:
    """Any fraction of a cent rounds up (bracket states)."""
    return int(amount.quantize(Decimal("1"), rounding=ROUND_CEILING))


def tax_al(amount_cents: int, category: str = GENERAL) -> int:
    """Alabama: 5% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.05")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_ak(amount_cents: int, category: str = GENERAL) -> int:
    """Alaska: 6.75% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.0675")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_az(amount_cents: int, category: str = GENERAL) -> int:
    """Arizona: 6.75% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.0675")
    return _round_up(Decimal(amount_cents) * rate)


def tax_ar(amount_cents: int, category: str = GENERAL) -> int:
    """Arkansas: 5.25% state rate; groceries are exempt, clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.0525")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_ca(amount_cents: int, category: str = GENERAL) -> int:
    """California: 7.25% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.0725")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_co(amount_cents: int, category: str = GENERAL) -> int:
    """Colorado: 6% state rate; groceries are exempt, clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.06")
    return _round_up(Decimal(amount_cents) * rate)


def tax_ct(amount_cents: int, category: str = GENERAL) -> int:
    """Connecticut: 7% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.07")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_de(amount_cents: int, category: str = GENERAL) -> int:
    """Delaware: 7.25% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.0725")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_fl(amount_cents: int, category: str = GENERAL) -> int:
    """Florida: 4.5% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.045")
    return _round_up(Decimal(amount_cents) * rate)


def tax_ga(amount_cents: int, category: str = GENERAL) -> int:
    """Georgia: 0% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_hi(amount_cents: int, category: str = GENERAL) -> int:
    """Hawaii: 6.75% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.0675")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_id(amount_cents: int, category: str = GENERAL) -> int:
    """Idaho: 6% state rate; clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.06")
    return _round_up(Decimal(amount_cents) * rate)


def tax_il(amount_cents: int, category: str = GENERAL) -> int:
    """Illinois: 5.5% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.055")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_in(amount_cents: int, category: str = GENERAL) -> int:
    """Indiana: 4.5% state rate; clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.045")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_ia(amount_cents: int, category: str = GENERAL) -> int:
    """Iowa: 5.25% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.0525")
    return _round_up(Decimal(amount_cents) * rate)


def tax_ks(amount_cents: int, category: str = GENERAL) -> int:
    """Kansas: 6% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.06")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_ky(amount_cents: int, category: str = GENERAL) -> int:
    """Kentucky: 6.5% state rate; clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.065")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_la(amount_cents: int, category: str = GENERAL) -> int:
    """Louisiana: 5.5% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.055")
    return _round_up(Decimal(amount_cents) * rate)


def tax_me(amount_cents: int, category: str = GENERAL) -> int:
    """Maine: 6.75% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.0675")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_md(amount_cents: int, category: str = GENERAL) -> int:
    """Maryland: 6.5% state rate; groceries are exempt, clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.065")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_ma(amount_cents: int, category: str = GENERAL) -> int:
    """Massachusetts: 7% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.07")
    return _round_up(Decimal(amount_cents) * rate)


def tax_mi(amount_cents: int, category: str = GENERAL) -> int:
    """Michigan: 4% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.04")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_mn(amount_cents: int, category: str = GENERAL) -> int:
    """Minnesota: 7% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.07")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_ms(amount_cents: int, category: str = GENERAL) -> int:
    """Mississippi: 5.5% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.055")
    return _round_up(Decimal(amount_cents) * rate)


def tax_mo(amount_cents: int, category: str = GENERAL) -> int:
    """Missouri: 4.5% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.045")
    return _round_half_up(Decimal(amount_cents) * rate)


# ---- cities: a local rate on top of the state's ----------------------------------------------


def tax_al_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Al City1 (AL): the state tax plus a 2% local rate."""
    state = tax_al(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_al_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Al City2 (AL): the state tax plus a 1.25% local rate."""
    state = tax_al(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_al_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Al City3 (AL): the state tax plus a 2.5% local rate."""
    state = tax_al(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_al_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Al City4 (AL): the state tax plus a 1.25% local rate."""
    state = tax_al(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ak_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ak City1 (AK): the state tax plus a 2.5% local rate."""
    state = tax_ak(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ak_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ak City2 (AK): the state tax plus a 2.5% local rate."""
    state = tax_ak(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ak_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ak City3 (AK): the state tax plus a 2.5% local rate."""
    state = tax_ak(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ak_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Ak City4 (AK): the state tax plus a 2% local rate."""
    state = tax_ak(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_az_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Az City1 (AZ): the state tax plus a 0.5% local rate."""
    state = tax_az(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_az_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Az City2 (AZ): the state tax plus a 1.5% local rate."""
    state = tax_az(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_az_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Az City3 (AZ): the state tax plus a 1% local rate."""
    state = tax_az(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_az_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Az City4 (AZ): the state tax plus a 2.5% local rate."""
    state = tax_az(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ar_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ar City1 (AR): the state tax plus a 0.5% local rate."""
    state = tax_ar(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ar_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ar City2 (AR): the state tax plus a 1% local rate."""
    state = tax_ar(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ar_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ar City3 (AR): the state tax plus a 0.5% local rate."""
    state = tax_ar(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ca_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ca City1 (CA): the state tax plus a 1.25% local rate."""
    state = tax_ca(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ca_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ca City2 (CA): the state tax plus a 1.5% local rate."""
    state = tax_ca(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_ca_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ca City3 (CA): the state tax plus a 1% local rate."""
    state = tax_ca(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_co_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Co City1 (CO): the state tax plus a 1.5% local rate."""
    state = tax_co(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_co_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Co City2 (CO): the state tax plus a 2% local rate."""
    state = tax_co(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_co_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Co City3 (CO): the state tax plus a 0.5% local rate."""
    state = tax_co(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_co_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Co City4 (CO): the state tax plus a 2% local rate."""
    state = tax_co(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ct_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ct City1 (CT): the state tax plus a 1% local rate."""
    state = tax_ct(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ct_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ct City2 (CT): the state tax plus a 0.5% local rate."""
    state = tax_ct(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ct_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ct City3 (CT): the state tax plus a 2.5% local rate."""
    state = tax_ct(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_de_city1(amount_cents: int, category: str = GENERAL) -> int:
    """De City1 (DE): the state tax plus a 1% local rate."""
    state = tax_de(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_de_city2(amount_cents: int, category: str = GENERAL) -> int:
    """De City2 (DE): the state tax plus a 1.5% local rate."""
    state = tax_de(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_de_city3(amount_cents: int, category: str = GENERAL) -> int:
    """De City3 (DE): the state tax plus a 1.25% local rate."""
    state = tax_de(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_fl_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Fl City1 (FL): the state tax plus a 1% local rate."""
    state = tax_fl(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_fl_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Fl City2 (FL): the state tax plus a 1.5% local rate."""
    state = tax_fl(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_fl_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Fl City3 (FL): the state tax plus a 1% local rate."""
    state = tax_fl(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_fl_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Fl City4 (FL): the state tax plus a 0.5% local rate."""
    state = tax_fl(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ga_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ga City1 (GA): the state tax plus a 1% local rate."""
    state = tax_ga(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ga_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ga City2 (GA): the state tax plus a 2% local rate."""
    state = tax_ga(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ga_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ga City3 (GA): the state tax plus a 2% local rate."""
    state = tax_ga(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ga_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Ga City4 (GA): the state tax plus a 1.5% local rate."""
    state = tax_ga(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_hi_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Hi City1 (HI): the state tax plus a 1% local rate."""
    state = tax_hi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_hi_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Hi City2 (HI): the state tax plus a 1% local rate."""
    state = tax_hi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_hi_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Hi City3 (HI): the state tax plus a 0.5% local rate."""
    state = tax_hi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_id_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Id City1 (ID): the state tax plus a 0.5% local rate."""
    state = tax_id(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_id_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Id City2 (ID): the state tax plus a 1% local rate."""
    state = tax_id(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_id_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Id City3 (ID): the state tax plus a 1% local rate."""
    state = tax_id(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_il_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Il City1 (IL): the state tax plus a 1% local rate."""
    state = tax_il(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_il_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Il City2 (IL): the state tax plus a 1% local rate."""
    state = tax_il(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_il_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Il City3 (IL): the state tax plus a 1.25% local rate."""
    state = tax_il(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_in_city1(amount_cents: int, category: str = GENERAL) -> int:
    """In City1 (IN): the state tax plus a 1.25% local rate."""
    state = tax_in(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_in_city2(amount_cents: int, category: str = GENERAL) -> int:
    """In City2 (IN): the state tax plus a 1% local rate."""
    state = tax_in(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_in_city3(amount_cents: int, category: str = GENERAL) -> int:
    """In City3 (IN): the state tax plus a 2% local rate."""
    state = tax_in(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_in_city4(amount_cents: int, category: str = GENERAL) -> int:
    """In City4 (IN): the state tax plus a 2.5% local rate."""
    state = tax_in(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ia_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ia City1 (IA): the state tax plus a 2.5% local rate."""
    state = tax_ia(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ia_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ia City2 (IA): the state tax plus a 1% local rate."""
    state = tax_ia(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ia_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ia City3 (IA): the state tax plus a 1% local rate."""
    state = tax_ia(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ia_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Ia City4 (IA): the state tax plus a 2.5% local rate."""
    state = tax_ia(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ks_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ks City1 (KS): the state tax plus a 1% local rate."""
    state = tax_ks(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ks_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ks City2 (KS): the state tax plus a 1.5% local rate."""
    state = tax_ks(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_ks_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ks City3 (KS): the state tax plus a 1.25% local rate."""
    state = tax_ks(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ky_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ky City1 (KY): the state tax plus a 0.5% local rate."""
    state = tax_ky(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ky_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ky City2 (KY): the state tax plus a 1.25% local rate."""
    state = tax_ky(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ky_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ky City3 (KY): the state tax plus a 1.5% local rate."""
    state = tax_ky(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_la_city1(amount_cents: int, category: str = GENERAL) -> int:
    """La City1 (LA): the state tax plus a 1% local rate."""
    state = tax_la(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_la_city2(amount_cents: int, category: str = GENERAL) -> int:
    """La City2 (LA): the state tax plus a 1% local rate."""
    state = tax_la(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_la_city3(amount_cents: int, category: str = GENERAL) -> int:
    """La City3 (LA): the state tax plus a 1.25% local rate."""
    state = tax_la(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_me_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Me City1 (ME): the state tax plus a 0.5% local rate."""
    state = tax_me(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_me_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Me City2 (ME): the state tax plus a 1.25% local rate."""
    state = tax_me(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_me_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Me City3 (ME): the state tax plus a 1.25% local rate."""
    state = tax_me(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_md_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Md City1 (MD): the state tax plus a 2% local rate."""
    state = tax_md(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_md_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Md City2 (MD): the state tax plus a 2% local rate."""
    state = tax_md(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_md_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Md City3 (MD): the state tax plus a 0.5% local rate."""
    state = tax_md(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ma_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ma City1 (MA): the state tax plus a 2% local rate."""
    state = tax_ma(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ma_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ma City2 (MA): the state tax plus a 2.5% local rate."""
    state = tax_ma(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ma_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ma City3 (MA): the state tax plus a 2.5% local rate."""
    state = tax_ma(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_mi_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Mi City1 (MI): the state tax plus a 1.25% local rate."""
    state = tax_mi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_mi_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Mi City2 (MI): the state tax plus a 0.5% local rate."""
    state = tax_mi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_mi_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Mi City3 (MI): the state tax plus a 1.25% local rate."""
    state = tax_mi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_mn_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Mn City1 (MN): the state tax plus a 1.25% local rate."""
    state = tax_mn(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_mn_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Mn City2 (MN): the state tax plus a 1.25% local rate."""
    state = tax_mn(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_mn_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Mn City3 (MN): the state tax plus a 1.5% local rate."""
    state = tax_mn(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_ms_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ms City1 (MS): the state tax plus a 2.5% local rate."""
    state = tax_ms(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ms_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ms City2 (MS): the state tax plus a 1.25% local rate."""
    state = tax_ms(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ms_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ms City3 (MS): the state tax plus a 1% local rate."""
    state = tax_ms(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ms_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Ms City4 (MS): the state tax plus a 1.5% local rate."""
    state = tax_ms(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_mo_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Mo City1 (MO): the state tax plus a 1.5% local rate."""
    state = tax_mo(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_mo_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Mo City2 (MO): the state tax plus a 2.5% local rate."""
    state = tax_mo(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_mo_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Mo City3 (MO): the state tax plus a 1% local rate."""
    state = tax_mo(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_mo_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Mo City4 (MO): the state tax plus a 0.5% local rate."""
    state = tax_mo(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


# ---- rounding used by the states that follow ------------------------------------------------


def _round_half_even(amount: Decimal) -> int:
    """Half a cent rounds to the even cent (banker's rounding), as some states require."""
    return int(amount.quantize(Decimal("1"), rounding=ROUND_HALF_EVEN))


def tax_mt(amount_cents: int, category: str = GENERAL) -> int:
    """Montana: 6% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.06")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_ne(amount_cents: int, category: str = GENERAL) -> int:
    """Nebraska: 0% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0")
    return _round_up(Decimal(amount_cents) * rate)


def tax_nv(amount_cents: int, category: str = GENERAL) -> int:
    """Nevada: 7.25% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.0725")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_nh(amount_cents: int, category: str = GENERAL) -> int:
    """New Hampshire: 6.5% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.065")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_nj(amount_cents: int, category: str = GENERAL) -> int:
    """New Jersey: 5.25% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.0525")
    return _round_up(Decimal(amount_cents) * rate)


def tax_nm(amount_cents: int, category: str = GENERAL) -> int:
    """New Mexico: 4% state rate; groceries are exempt, clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.04")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_ny(amount_cents: int, category: str = GENERAL) -> int:
    """New York: 6% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.06")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_nc(amount_cents: int, category: str = GENERAL) -> int:
    """North Carolina: 4.5% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.045")
    return _round_up(Decimal(amount_cents) * rate)


def tax_nd(amount_cents: int, category: str = GENERAL) -> int:
    """North Dakota: 5.5% state rate; clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.055")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_oh(amount_cents: int, category: str = GENERAL) -> int:
    """Ohio: 6% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.06")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_ok(amount_cents: int, category: str = GENERAL) -> int:
    """Oklahoma: 6.5% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.065")
    return _round_up(Decimal(amount_cents) * rate)


def tax_or(amount_cents: int, category: str = GENERAL) -> int:
    """Oregon: 6.75% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.0675")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_pa(amount_cents: int, category: str = GENERAL) -> int:
    """Pennsylvania: 7% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.07")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_ri(amount_cents: int, category: str = GENERAL) -> int:
    """Rhode Island: 6% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.06")
    return _round_up(Decimal(amount_cents) * rate)


def tax_sc(amount_cents: int, category: str = GENERAL) -> int:
    """South Carolina: 6.5% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.065")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_sd(amount_cents: int, category: str = GENERAL) -> int:
    """South Dakota: 6% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.06")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_tn(amount_cents: int, category: str = GENERAL) -> int:
    """Tennessee: 6% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.06")
    return _round_up(Decimal(amount_cents) * rate)


def tax_tx(amount_cents: int, category: str = GENERAL) -> int:
    """Texas: 7% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.07")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_ut(amount_cents: int, category: str = GENERAL) -> int:
    """Utah: 5.5% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.055")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_vt(amount_cents: int, category: str = GENERAL) -> int:
    """Vermont: 7.25% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.0725")
    return _round_up(Decimal(amount_cents) * rate)


def tax_va(amount_cents: int, category: str = GENERAL) -> int:
    """Virginia: 6.75% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.0675")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_wa(amount_cents: int, category: str = GENERAL) -> int:
    """Washington: 5.5% state rate."""
    if category == PRESCRIPTION:
        return 0
    rate = Decimal("0.055")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_wv(amount_cents: int, category: str = GENERAL) -> int:
    """West Virginia: 5.25% state rate; clothing under $110 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 11000:
        return 0
    rate = Decimal("0.0525")
    return _round_up(Decimal(amount_cents) * rate)


def tax_wi(amount_cents: int, category: str = GENERAL) -> int:
    """Wisconsin: 5.5% state rate; groceries are exempt, clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.055")
    return _round_half_up(Decimal(amount_cents) * rate)


def tax_wy(amount_cents: int, category: str = GENERAL) -> int:
    """Wyoming: 5.5% state rate; clothing under $175 per item is exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == CLOTHING and amount_cents < 17500:
        return 0
    rate = Decimal("0.055")
    return _round_half_even(Decimal(amount_cents) * rate)


def tax_dc(amount_cents: int, category: str = GENERAL) -> int:
    """District of Columbia: 6% state rate; groceries are exempt."""
    if category == PRESCRIPTION:
        return 0
    if category == GROCERY:
        return 0
    rate = Decimal("0.06")
    return _round_up(Decimal(amount_cents) * rate)


# ---- cities of the states above: a local rate on top of the state's --------------------------


def tax_mt_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Mt City1 (MT): the state tax plus a 1.25% local rate."""
    state = tax_mt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_mt_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Mt City2 (MT): the state tax plus a 0.5% local rate."""
    state = tax_mt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_mt_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Mt City3 (MT): the state tax plus a 2.5% local rate."""
    state = tax_mt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_mt_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Mt City4 (MT): the state tax plus a 1.25% local rate."""
    state = tax_mt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ne_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ne City1 (NE): the state tax plus a 1.5% local rate."""
    state = tax_ne(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_ne_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ne City2 (NE): the state tax plus a 0.5% local rate."""
    state = tax_ne(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ne_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ne City3 (NE): the state tax plus a 2% local rate."""
    state = tax_ne(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_nv_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Nv City1 (NV): the state tax plus a 1.5% local rate."""
    state = tax_nv(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_nv_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Nv City2 (NV): the state tax plus a 1.25% local rate."""
    state = tax_nv(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_nv_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Nv City3 (NV): the state tax plus a 1.5% local rate."""
    state = tax_nv(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_nh_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Nh City1 (NH): the state tax plus a 2% local rate."""
    state = tax_nh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_nh_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Nh City2 (NH): the state tax plus a 0.5% local rate."""
    state = tax_nh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_nh_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Nh City3 (NH): the state tax plus a 1.5% local rate."""
    state = tax_nh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_nh_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Nh City4 (NH): the state tax plus a 0.5% local rate."""
    state = tax_nh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_nj_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Nj City1 (NJ): the state tax plus a 2.5% local rate."""
    state = tax_nj(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_nj_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Nj City2 (NJ): the state tax plus a 1% local rate."""
    state = tax_nj(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_nj_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Nj City3 (NJ): the state tax plus a 2% local rate."""
    state = tax_nj(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_nj_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Nj City4 (NJ): the state tax plus a 1% local rate."""
    state = tax_nj(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_nm_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Nm City1 (NM): the state tax plus a 0.5% local rate."""
    state = tax_nm(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_nm_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Nm City2 (NM): the state tax plus a 1% local rate."""
    state = tax_nm(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_nm_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Nm City3 (NM): the state tax plus a 1.5% local rate."""
    state = tax_nm(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_ny_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ny City1 (NY): the state tax plus a 1.25% local rate."""
    state = tax_ny(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ny_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ny City2 (NY): the state tax plus a 2% local rate."""
    state = tax_ny(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ny_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ny City3 (NY): the state tax plus a 1.25% local rate."""
    state = tax_ny(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_nc_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Nc City1 (NC): the state tax plus a 2% local rate."""
    state = tax_nc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_nc_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Nc City2 (NC): the state tax plus a 1.25% local rate."""
    state = tax_nc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_nc_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Nc City3 (NC): the state tax plus a 1.5% local rate."""
    state = tax_nc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_nc_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Nc City4 (NC): the state tax plus a 0.5% local rate."""
    state = tax_nc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_nd_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Nd City1 (ND): the state tax plus a 2% local rate."""
    state = tax_nd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_nd_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Nd City2 (ND): the state tax plus a 2.5% local rate."""
    state = tax_nd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_nd_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Nd City3 (ND): the state tax plus a 1.25% local rate."""
    state = tax_nd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_nd_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Nd City4 (ND): the state tax plus a 1.25% local rate."""
    state = tax_nd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_oh_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Oh City1 (OH): the state tax plus a 0.5% local rate."""
    state = tax_oh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_oh_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Oh City2 (OH): the state tax plus a 1.5% local rate."""
    state = tax_oh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_oh_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Oh City3 (OH): the state tax plus a 0.5% local rate."""
    state = tax_oh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_oh_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Oh City4 (OH): the state tax plus a 1% local rate."""
    state = tax_oh(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_ok_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ok City1 (OK): the state tax plus a 1.25% local rate."""
    state = tax_ok(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ok_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ok City2 (OK): the state tax plus a 2% local rate."""
    state = tax_ok(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ok_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ok City3 (OK): the state tax plus a 2% local rate."""
    state = tax_ok(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_or_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Or City1 (OR): the state tax plus a 1.25% local rate."""
    state = tax_or(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_or_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Or City2 (OR): the state tax plus a 1% local rate."""
    state = tax_or(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_or_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Or City3 (OR): the state tax plus a 1.25% local rate."""
    state = tax_or(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_or_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Or City4 (OR): the state tax plus a 1.25% local rate."""
    state = tax_or(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_pa_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Pa City1 (PA): the state tax plus a 2.5% local rate."""
    state = tax_pa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_pa_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Pa City2 (PA): the state tax plus a 2% local rate."""
    state = tax_pa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_pa_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Pa City3 (PA): the state tax plus a 0.5% local rate."""
    state = tax_pa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_pa_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Pa City4 (PA): the state tax plus a 1.25% local rate."""
    state = tax_pa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ri_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ri City1 (RI): the state tax plus a 2.5% local rate."""
    state = tax_ri(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_ri_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ri City2 (RI): the state tax plus a 1.25% local rate."""
    state = tax_ri(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_ri_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ri City3 (RI): the state tax plus a 1.25% local rate."""
    state = tax_ri(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_sc_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Sc City1 (SC): the state tax plus a 1% local rate."""
    state = tax_sc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_sc_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Sc City2 (SC): the state tax plus a 0.5% local rate."""
    state = tax_sc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_sc_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Sc City3 (SC): the state tax plus a 2.5% local rate."""
    state = tax_sc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_sc_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Sc City4 (SC): the state tax plus a 1% local rate."""
    state = tax_sc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_sd_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Sd City1 (SD): the state tax plus a 2.5% local rate."""
    state = tax_sd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_sd_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Sd City2 (SD): the state tax plus a 2.5% local rate."""
    state = tax_sd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_sd_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Sd City3 (SD): the state tax plus a 1.25% local rate."""
    state = tax_sd(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_tn_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Tn City1 (TN): the state tax plus a 1.5% local rate."""
    state = tax_tn(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_tn_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Tn City2 (TN): the state tax plus a 1% local rate."""
    state = tax_tn(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_tn_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Tn City3 (TN): the state tax plus a 2.5% local rate."""
    state = tax_tn(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_tx_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Tx City1 (TX): the state tax plus a 0.5% local rate."""
    state = tax_tx(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_tx_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Tx City2 (TX): the state tax plus a 0.5% local rate."""
    state = tax_tx(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_tx_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Tx City3 (TX): the state tax plus a 2% local rate."""
    state = tax_tx(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ut_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Ut City1 (UT): the state tax plus a 2% local rate."""
    state = tax_ut(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_ut_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Ut City2 (UT): the state tax plus a 1.5% local rate."""
    state = tax_ut(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_ut_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Ut City3 (UT): the state tax plus a 0.5% local rate."""
    state = tax_ut(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_ut_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Ut City4 (UT): the state tax plus a 1% local rate."""
    state = tax_ut(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_vt_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Vt City1 (VT): the state tax plus a 2.5% local rate."""
    state = tax_vt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_vt_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Vt City2 (VT): the state tax plus a 2% local rate."""
    state = tax_vt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_vt_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Vt City3 (VT): the state tax plus a 1.25% local rate."""
    state = tax_vt(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_va_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Va City1 (VA): the state tax plus a 1.25% local rate."""
    state = tax_va(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_va_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Va City2 (VA): the state tax plus a 1.5% local rate."""
    state = tax_va(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_va_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Va City3 (VA): the state tax plus a 2.5% local rate."""
    state = tax_va(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_va_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Va City4 (VA): the state tax plus a 1.5% local rate."""
    state = tax_va(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_wa_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Wa City1 (WA): the state tax plus a 1% local rate."""
    state = tax_wa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_wa_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Wa City2 (WA): the state tax plus a 0.5% local rate."""
    state = tax_wa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_wa_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Wa City3 (WA): the state tax plus a 2.5% local rate."""
    state = tax_wa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_wa_city4(amount_cents: int, category: str = GENERAL) -> int:
    """Wa City4 (WA): the state tax plus a 0.5% local rate."""
    state = tax_wa(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_wv_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Wv City1 (WV): the state tax plus a 1.5% local rate."""
    state = tax_wv(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_wv_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Wv City2 (WV): the state tax plus a 1.25% local rate."""
    state = tax_wv(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.0125"))


def tax_wv_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Wv City3 (WV): the state tax plus a 1% local rate."""
    state = tax_wv(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_wi_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Wi City1 (WI): the state tax plus a 1% local rate."""
    state = tax_wi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_wi_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Wi City2 (WI): the state tax plus a 2.5% local rate."""
    state = tax_wi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_wi_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Wi City3 (WI): the state tax plus a 2% local rate."""
    state = tax_wi(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.02"))


def tax_wy_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Wy City1 (WY): the state tax plus a 1% local rate."""
    state = tax_wy(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_wy_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Wy City2 (WY): the state tax plus a 2.5% local rate."""
    state = tax_wy(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.025"))


def tax_wy_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Wy City3 (WY): the state tax plus a 1.5% local rate."""
    state = tax_wy(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


def tax_dc_city1(amount_cents: int, category: str = GENERAL) -> int:
    """Dc City1 (DC): the state tax plus a 0.5% local rate."""
    state = tax_dc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.005"))


def tax_dc_city2(amount_cents: int, category: str = GENERAL) -> int:
    """Dc City2 (DC): the state tax plus a 1% local rate."""
    state = tax_dc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.01"))


def tax_dc_city3(amount_cents: int, category: str = GENERAL) -> int:
    """Dc City3 (DC): the state tax plus a 1.5% local rate."""
    state = tax_dc(amount_cents, category)
    if state == 0 and category != GENERAL:
        return 0
    return state + _round_half_up(Decimal(amount_cents) * Decimal("0.015"))


JURISDICTIONS = {
    "AL": tax_al,
    "AK": tax_ak,
    "AZ": tax_az,
    "AR": tax_ar,
    "CA": tax_ca,
    "CO": tax_co,
    "CT": tax_ct,
    "DE": tax_de,
    "FL": tax_fl,
    "GA": tax_ga,
    "HI": tax_hi,
    "ID": tax_id,
    "IL": tax_il,
    "IN": tax_in,
    "IA": tax_ia,
    "KS": tax_ks,
    "KY": tax_ky,
    "LA": tax_la,
    "ME": tax_me,
    "MD": tax_md,
    "MA": tax_ma,
    "MI": tax_mi,
    "MN": tax_mn,
    "MS": tax_ms,
    "MO": tax_mo,
    "MT": tax_mt,
    "NE": tax_ne,
    "NV": tax_nv,
    "NH": tax_nh,
    "NJ": tax_nj,
    "NM": tax_nm,
    "NY": tax_ny,
    "NC": tax_nc,
    "ND": tax_nd,
    "OH": tax_oh,
    "OK": tax_ok,
    "OR": tax_or,
    "PA": tax_pa,
    "RI": tax_ri,
    "SC": tax_sc,
    "SD": tax_sd,
    "TN": tax_tn,
    "TX": tax_tx,
    "UT": tax_ut,
    "VT": tax_vt,
    "VA": tax_va,
    "WA": tax_wa,
    "WV": tax_wv,
    "WI": tax_wi,
    "WY": tax_wy,
    "DC": tax_dc,
    "AL/al_city1": tax_al_city1,
    "AL/al_city2": tax_al_city2,
    "AL/al_city3": tax_al_city3,
    "AL/al_city4": tax_al_city4,
    "AK/ak_city1": tax_ak_city1,
    "AK/ak_city2": tax_ak_city2,
    "AK/ak_city3": tax_ak_city3,
    "AK/ak_city4": tax_ak_city4,
    "AZ/az_city1": tax_az_city1,
    "AZ/az_city2": tax_az_city2,
    "AZ/az_city3": tax_az_city3,
    "AZ/az_city4": tax_az_city4,
    "AR/ar_city1": tax_ar_city1,
    "AR/ar_city2": tax_ar_city2,
    "AR/ar_city3": tax_ar_city3,
    "CA/ca_city1": tax_ca_city1,
    "CA/ca_city2": tax_ca_city2,
    "CA/ca_city3": tax_ca_city3,
    "CO/co_city1": tax_co_city1,
    "CO/co_city2": tax_co_city2,
    "CO/co_city3": tax_co_city3,
    "CO/co_city4": tax_co_city4,
    "CT/ct_city1": tax_ct_city1,
    "CT/ct_city2": tax_ct_city2,
    "CT/ct_city3": tax_ct_city3,
    "DE/de_city1": tax_de_city1,
    "DE/de_city2": tax_de_city2,
    "DE/de_city3": tax_de_city3,
    "FL/fl_city1": tax_fl_city1,
    "FL/fl_city2": tax_fl_city2,
    "FL/fl_city3": tax_fl_city3,
    "FL/fl_city4": tax_fl_city4,
    "GA/ga_city1": tax_ga_city1,
    "GA/ga_city2": tax_ga_city2,
    "GA/ga_city3": tax_ga_city3,
    "GA/ga_city4": tax_ga_city4,
    "HI/hi_city1": tax_hi_city1,
    "HI/hi_city2": tax_hi_city2,
    "HI/hi_city3": tax_hi_city3,
    "ID/id_city1": tax_id_city1,
    "ID/id_city2": tax_id_city2,
    "ID/id_city3": tax_id_city3,
    "IL/il_city1": tax_il_city1,
    "IL/il_city2": tax_il_city2,
    "IL/il_city3": tax_il_city3,
    "IN/in_city1": tax_in_city1,
    "IN/in_city2": tax_in_city2,
    "IN/in_city3": tax_in_city3,
    "IN/in_city4": tax_in_city4,
    "IA/ia_city1": tax_ia_city1,
    "IA/ia_city2": tax_ia_city2,
    "IA/ia_city3": tax_ia_city3,
    "IA/ia_city4": tax_ia_city4,
    "KS/ks_city1": tax_ks_city1,
    "KS/ks_city2": tax_ks_city2,
    "KS/ks_city3": tax_ks_city3,
    "KY/ky_city1": tax_ky_city1,
    "KY/ky_city2": tax_ky_city2,
    "KY/ky_city3": tax_ky_city3,
    "LA/la_city1": tax_la_city1,
    "LA/la_city2": tax_la_city2,
    "LA/la_city3": tax_la_city3,
    "ME/me_city1": tax_me_city1,
    "ME/me_city2": tax_me_city2,
    "ME/me_city3": tax_me_city3,
    "MD/md_city1": tax_md_city1,
    "MD/md_city2": tax_md_city2,
    "MD/md_city3": tax_md_city3,
    "MA/ma_city1": tax_ma_city1,
    "MA/ma_city2": tax_ma_city2,
    "MA/ma_city3": tax_ma_city3,
    "MI/mi_city1": tax_mi_city1,
    "MI/mi_city2": tax_mi_city2,
    "MI/mi_city3": tax_mi_city3,
    "MN/mn_city1": tax_mn_city1,
    "MN/mn_city2": tax_mn_city2,
    "MN/mn_city3": tax_mn_city3,
    "MS/ms_city1": tax_ms_city1,
    "MS/ms_city2": tax_ms_city2,
    "MS/ms_city3": tax_ms_city3,
    "MS/ms_city4": tax_ms_city4,
    "MO/mo_city1": tax_mo_city1,
    "MO/mo_city2": tax_mo_city2,
    "MO/mo_city3": tax_mo_city3,
    "MO/mo_city4": tax_mo_city4,
    "MT/mt_city1": tax_mt_city1,
    "MT/mt_city2": tax_mt_city2,
    "MT/mt_city3": tax_mt_city3,
    "MT/mt_city4": tax_mt_city4,
    "NE/ne_city1": tax_ne_city1,
    "NE/ne_city2": tax_ne_city2,
    "NE/ne_city3": tax_ne_city3,
    "NV/nv_city1": tax_nv_city1,
    "NV/nv_city2": tax_nv_city2,
    "NV/nv_city3": tax_nv_city3,
    "NH/nh_city1": tax_nh_city1,
    "NH/nh_city2": tax_nh_city2,
    "NH/nh_city3": tax_nh_city3,
    "NH/nh_city4": tax_nh_city4,
    "NJ/nj_city1": tax_nj_city1,
    "NJ/nj_city2": tax_nj_city2,
    "NJ/nj_city3": tax_nj_city3,
    "NJ/nj_city4": tax_nj_city4,
    "NM/nm_city1": tax_nm_city1,
    "NM/nm_city2": tax_nm_city2,
    "NM/nm_city3": tax_nm_city3,
    "NY/ny_city1": tax_ny_city1,
    "NY/ny_city2": tax_ny_city2,
    "NY/ny_city3": tax_ny_city3,
    "NC/nc_city1": tax_nc_city1,
    "NC/nc_city2": tax_nc_city2,
    "NC/nc_city3": tax_nc_city3,
    "NC/nc_city4": tax_nc_city4,
    "ND/nd_city1": tax_nd_city1,
    "ND/nd_city2": tax_nd_city2,
    "ND/nd_city3": tax_nd_city3,
    "ND/nd_city4": tax_nd_city4,
    "OH/oh_city1": tax_oh_city1,
    "OH/oh_city2": tax_oh_city2,
    "OH/oh_city3": tax_oh_city3,
    "OH/oh_city4": tax_oh_city4,
    "OK/ok_city1": tax_ok_city1,
    "OK/ok_city2": tax_ok_city2,
    "OK/ok_city3": tax_ok_city3,
    "OR/or_city1": tax_or_city1,
    "OR/or_city2": tax_or_city2,
    "OR/or_city3": tax_or_city3,
    "OR/or_city4": tax_or_city4,
    "PA/pa_city1": tax_pa_city1,
    "PA/pa_city2": tax_pa_city2,
    "PA/pa_city3": tax_pa_city3,
    "PA/pa_city4": tax_pa_city4,
    "RI/ri_city1": tax_ri_city1,
    "RI/ri_city2": tax_ri_city2,
    "RI/ri_city3": tax_ri_city3,
    "SC/sc_city1": tax_sc_city1,
    "SC/sc_city2": tax_sc_city2,
    "SC/sc_city3": tax_sc_city3,
    "SC/sc_city4": tax_sc_city4,
    "SD/sd_city1": tax_sd_city1,
    "SD/sd_city2": tax_sd_city2,
    "SD/sd_city3": tax_sd_city3,
    "TN/tn_city1": tax_tn_city1,
    "TN/tn_city2": tax_tn_city2,
    "TN/tn_city3": tax_tn_city3,
    "TX/tx_city1": tax_tx_city1,
    "TX/tx_city2": tax_tx_city2,
    "TX/tx_city3": tax_tx_city3,
    "UT/ut_city1": tax_ut_city1,
    "UT/ut_city2": tax_ut_city2,
    "UT/ut_city3": tax_ut_city3,
    "UT/ut_city4": tax_ut_city4,
    "VT/vt_city1": tax_vt_city1,
    "VT/vt_city2": tax_vt_city2,
    "VT/vt_city3": tax_vt_city3,
    "VA/va_city1": tax_va_city1,
    "VA/va_city2": tax_va_city2,
    "VA/va_city3": tax_va_city3,
    "VA/va_city4": tax_va_city4,
    "WA/wa_city1": tax_wa_city1,
    "WA/wa_city2": tax_wa_city2,
    "WA/wa_city3": tax_wa_city3,
    "WA/wa_city4": tax_wa_city4,
    "WV/wv_city1": tax_wv_city1,
    "WV/wv_city2": tax_wv_city2,
    "WV/wv_city3": tax_wv_city3,
    "WI/wi_city1": tax_wi_city1,
    "WI/wi_city2": tax_wi_city2,
    "WI/wi_city3": tax_wi_city3,
    "WY/wy_city1": tax_wy_city1,
    "WY/wy_city2": tax_wy_city2,
    "WY/wy_city3": tax_wy_city3,
    "DC/dc_city1": tax_dc_city1,
    "DC/dc_city2": tax_dc_city2,
    "DC/dc_city3": tax_dc_city3,
}


def sales_tax(jurisdiction: str, amount_cents: int, category: str = GENERAL) -> int:
    """Tax in cents for a sale in a state ("NY") or a city ("NY/ny_city1")."""
    try:
        fn = JURISDICTIONS[jurisdiction]
    except KeyError:
        raise ValueError(f"unknown jurisdiction: {jurisdiction}") from None
    if amount_cents < 0:
        raise ValueError("amount must not be negative")
    return fn(amount_cents, category)
