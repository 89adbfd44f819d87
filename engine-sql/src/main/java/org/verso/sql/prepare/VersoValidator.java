package org.verso.sql.prepare;

import static org.apache.calcite.util.Static.RESOURCE;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlUserDefinedTypeNameSpec;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.SqlValidatorTable;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.verso.common.ErrorCode;

/**
 * Calcite's validator, with an UPDATE's SET values checked against their columns by the right index. An UPDATE's
 * source row is the table's columns followed by the SET values, and Calcite's own check, when a value can be neither
 * assigned nor implicitly cast to its column ({@code SET n = DATE '2026-01-01'} for an INTEGER column), looks the
 * value up by its position in that whole row and fails with an IndexOutOfBoundsException instead of naming it. Here
 * the implicit casts are tried as Calcite tries them, and a value that still does not fit is reported as Calcite
 * reports an INSERT's (42804). And a CAST to a type name Verso does not know fails with 42704 naming the type (as a
 * name Calcite does not know, it was reported as an unknown column).
 */
final class VersoValidator extends SqlValidatorImpl {
    VersoValidator(SqlOperatorTable operators, SqlValidatorCatalogReader catalogReader, RelDataTypeFactory typeFactory,
                   Config config) {
        super(operators, catalogReader, typeFactory, config);
    }

    /** A type name that is neither standard nor one of {@link org.verso.sql.type.TypeAliases}: 42704, naming it. */
    @Override
    public void validateDataType(SqlDataTypeSpec dataType) {
        if (dataType.getTypeNameSpec() instanceof SqlUserDefinedTypeNameSpec named
            && getCatalogReader().getNamedType(named.getTypeName()) == null) {
            throw ErrorCode.TYPE_NOT_FOUND.exception(named.getTypeName().toString());
        }
        super.validateDataType(dataType);
    }

    @Override
    protected void checkTypeAssignment(SqlValidatorScope sourceScope, SqlValidatorTable table,
                                       RelDataType sourceRowType, RelDataType targetRowType, SqlNode query) {
        if (!(query instanceof SqlUpdate update) || update.getSourceExpressionList() == null) {
            super.checkTypeAssignment(sourceScope, table, sourceRowType, targetRowType, query);
            return;
        }
        if (SqlTypeUtil.equalAsStructSansNullability(typeFactory, sourceRowType, targetRowType, null)
            || config().typeCoercionEnabled()
            && getTypeCoercion().querySourceCoercion(sourceScope, sourceRowType, targetRowType, query)) {
            return;
        }
        SqlNodeList values = update.getSourceExpressionList();
        List<RelDataTypeField> sources = sourceRowType.getFieldList();
        List<RelDataTypeField> targets = targetRowType.getFieldList();
        int firstValue = sources.size() - values.size();
        for (int i = 0; i < sources.size(); i++) {
            RelDataType source = sources.get(i).getType();
            RelDataType target = targets.get(i).getType();
            if (SqlTypeUtil.canAssignFrom(target, source)) {
                continue;
            }
            SqlNode value = i >= firstValue ? values.get(i - firstValue) : update;
            if (value instanceof SqlDynamicParam) {
                continue;
            }
            throw newValidationError(value, RESOURCE.typeNotAssignable(targets.get(i).getName(), target.toString(),
                sources.get(i).getName(), source.toString()));
        }
    }
}
