// Shared typed error base. Every error the library throws on bad input carries a stable `code`
// (machine-checkable) and a message naming the file/line/id/field involved.

export class CombatsimError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/** A required spell value never resolved: the spell is unknown, or the field is absent from its data. */
export class MissingSpellData extends CombatsimError {
  readonly spellId: number;
  readonly field: string;
  constructor(spellId: number, field: string, detail?: string) {
    super(
      "MISSING_SPELL_DATA",
      `missing spell data: spell ${spellId} field "${field}"${detail ? ` (${detail})` : ""}`,
    );
    this.spellId = spellId;
    this.field = field;
  }
}
