"""lz4 compression for a big jsonb column of games_table, for the migrations that ask for it
(Django's loader skips modules whose name starts with ``_``). Other databases, and PostgreSQL
before 14 or built without lz4, keep their default."""

SET_LZ4 = """
DO $$
BEGIN
    ALTER TABLE games_table ALTER COLUMN {column} SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR syntax_error OR invalid_parameter_value THEN
    RAISE NOTICE '{column} keeps the default compression: %', SQLERRM;
END $$;
"""


def set_lz4(schema_editor, column: str) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(SET_LZ4.format(column=column), params=None)
