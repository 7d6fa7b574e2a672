"""Reads a spreadsheet export back as a spreadsheet program would, for the export tests.

Run with Debian's python3 (package python3-openpyxl): every sheet as JSON, each cell with its
shown value (the cached result of a formula), its formula, number format and boldness, plus the
frozen panes, the auto filter and the column widths. With --values, only each sheet's name and
its rows of shown values, read as a stream (a large file in a fraction of the time).
"""

import json
import sys

import openpyxl


def cell_json(formula_cell, value_cell):
    if formula_cell.value is None:
        return None
    formula = formula_cell.value if formula_cell.data_type == "f" else None
    return {
        "value": value_cell.value,
        "formula": formula,
        "format": formula_cell.number_format,
        "bold": bool(formula_cell.font and formula_cell.font.b),
    }


def main(path):
    formulas = openpyxl.load_workbook(path)
    values = openpyxl.load_workbook(path, data_only=True)
    sheets = []
    for sheet in formulas.worksheets:
        shown = values[sheet.title]
        rows = [
            [cell_json(f, v) for f, v in zip(formula_row, value_row)]
            for formula_row, value_row in zip(sheet.iter_rows(), shown.iter_rows())
        ]
        sheets.append(
            {
                "name": sheet.title,
                "freeze": sheet.freeze_panes,
                "filter": sheet.auto_filter.ref,
                "widths": {key: dim.width for key, dim in sheet.column_dimensions.items()},
                "rows": rows,
            }
        )
    json.dump(sheets, sys.stdout, default=str)


def values_only(path):
    shown = openpyxl.load_workbook(path, read_only=True, data_only=True)
    sheets = [
        {"name": sheet.title, "rows": [list(row) for row in sheet.iter_rows(values_only=True)]}
        for sheet in shown.worksheets
    ]
    json.dump(sheets, sys.stdout, default=str)


if __name__ == "__main__":
    if sys.argv[1] == "--values":
        values_only(sys.argv[2])
    else:
        main(sys.argv[1])
