package org.verso.sql.plan.rule;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/** Which column types a join can match by key: a hash key or an index key equal exactly where the values are. */
public final class KeyTypes {
    private KeyTypes() {
    }

    /**
     * Whether {@code a = b} holds exactly where the two values are equal as keys: both of one type (but not CHAR,
     * whose equality ignores trailing blanks), or both exact numbers, which hash keys and index keys hold by value
     * (an INTEGER 2 and a DECIMAL 2.00 are one key).
     */
    public static boolean matchAsKeys(RelDataType a, RelDataType b) {
        if (SqlTypeUtil.isExactNumeric(a) && SqlTypeUtil.isExactNumeric(b)) {
            return true;
        }
        return a.getSqlTypeName() == b.getSqlTypeName() && a.getSqlTypeName() != SqlTypeName.CHAR;
    }
}
