package org.verso.sql;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.members;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Calcite is the front end only: nothing uses its Enumerable, Bindable or Interpreter runtime or Janino, and the
 * executable operators do not touch Calcite at all. The API package that clients use shows them nothing of the
 * engine behind it.
 */
class ArchitectureTest {
    private final JavaClasses sql = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.sql");

    @Test
    void noCalciteRuntime() {
        noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("org.apache.calcite.adapter.enumerable..", "org.apache.calcite.interpreter..",
                "org.codehaus.janino..", "org.codehaus.commons..")
            .check(sql);
    }

    @Test
    void operatorsRunWithoutCalcite() {
        noClasses().that().resideInAnyPackage("org.verso.sql.exec.node..")
            .should().dependOnClassesThat().resideInAnyPackage("org.apache.calcite..")
            .check(sql);
    }

    @Test
    void nothingBelowTheSqlLayerIsBypassed() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.verso.storage.heap..",
                "org.verso.storage.page..", "org.verso.jdbc..")
            .check(sql);
    }

    /**
     * What a client sees of {@code org.verso.sql.api}: every public method, constructor and field of its public
     * types takes and returns only API types, engine-common's vocabulary and JDK types, so a client needs no other
     * engine module.
     */
    @Test
    void theApiShowsOnlyApiCommonAndJdkTypes() {
        members().that().arePublic().and().areDeclaredInClassesThat().resideInAPackage("org.verso.sql.api")
            .and().areDeclaredInClassesThat().arePublic()
            .should(new ArchCondition<JavaMember>("take and return only API, engine-common and JDK types") {
                @Override
                public void check(JavaMember member, ConditionEvents events) {
                    List<JavaClass> types = new ArrayList<>();
                    if (member instanceof JavaCodeUnit code) {
                        types.add(code.getRawReturnType());
                        types.addAll(code.getRawParameterTypes());
                    } else if (member instanceof JavaField field) {
                        types.add(field.getRawType());
                    }
                    for (JavaClass type : types) {
                        String pkg = type.getBaseComponentType().getPackageName();
                        boolean allowed = pkg.isEmpty() || pkg.startsWith("java.") || pkg.equals("org.verso.sql.api")
                            || pkg.equals("org.verso.common") || pkg.startsWith("org.verso.common.");
                        if (!allowed) {
                            events.add(SimpleConditionEvent.violated(member,
                                member.getFullName() + " exposes " + type.getName()));
                        }
                    }
                }
            })
            .check(sql);
    }
}
