package org.verso.sql.exec.node;

/** Row helpers shared by the join operators. */
final class Rows {
    private Rows() {
    }

    /** The left row's values followed by the right row's. */
    static Object[] concat(Object[] left, Object[] right) {
        Object[] row = new Object[left.length + right.length];
        System.arraycopy(left, 0, row, 0, left.length);
        System.arraycopy(right, 0, row, left.length, right.length);
        return row;
    }
}
